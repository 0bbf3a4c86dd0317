//! The page's memory allocator: blocks of power-of-two sizes, one free list per size, fresh
//! blocks cut from the end of the wasm memory.
//!
//! The page's wasm allocates little and briefly (a status, a PTN text, a frame's labels), so
//! the standard allocator's (dlmalloc's) care for fragmentation buys nothing there, and its
//! code is a tenth of the first visit's wasm. This one is about fifty lines. A freed block
//! is kept for the next request of its size; memory is never given back, as in dlmalloc on
//! wasm. The worker's build keeps the standard allocator: the search allocates in patterns
//! this one would serve worse.
//!
//! Single-threaded, as the page's wasm is (no shared memory, no atomics).

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;

/// The smallest block: room for the free list's link.
const MIN_CLASS: u32 = 3;
/// Blocks are aligned to their size up to this; no allocation of the page asks for more.
const MAX_ALIGN: usize = 64;
const PAGE: usize = 65536;

struct Heap {
    /// The first free block of each size class (size `1 << class`), 0 for none; each free
    /// block holds the address of the next.
    free: [usize; usize::BITS as usize],
    /// The unused memory at the end: `next..end`.
    next: usize,
    end: usize,
}

pub struct PageAlloc(UnsafeCell<Heap>);

// The page's wasm has one thread.
unsafe impl Sync for PageAlloc {}

impl PageAlloc {
    pub const fn new() -> PageAlloc {
        PageAlloc(UnsafeCell::new(Heap {
            free: [0; usize::BITS as usize],
            next: 0,
            end: 0,
        }))
    }
}

/// The size class of `layout`: the power of two its size (and alignment) rounds up to.
fn class_of(layout: Layout) -> u32 {
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    usize::BITS - (size - 1).leading_zeros()
}

impl Heap {
    /// A fresh block of `size` bytes from the end of memory, growing it when needed.
    unsafe fn cut(&mut self, size: usize) -> *mut u8 {
        let align = size.min(MAX_ALIGN);
        let mut start = (self.next + align - 1) & !(align - 1);
        if self.next == 0 || start + size > self.end {
            let pages = size.div_ceil(PAGE) + 1;
            let old = core::arch::wasm32::memory_grow(0, pages);
            if old == usize::MAX {
                return core::ptr::null_mut();
            }
            let region = old * PAGE;
            // Memory grown by someone else in between: start afresh at the new region.
            if region != self.end {
                self.next = region;
            }
            self.end = region + pages * PAGE;
            start = (self.next + align - 1) & !(align - 1);
        }
        self.next = start + size;
        start as *mut u8
    }
}

unsafe impl GlobalAlloc for PageAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() > MAX_ALIGN {
            return core::ptr::null_mut();
        }
        let heap = &mut *self.0.get();
        let class = class_of(layout);
        let head = heap.free[class as usize];
        if head != 0 {
            heap.free[class as usize] = *(head as *const usize);
            return head as *mut u8;
        }
        heap.cut(1 << class)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let heap = &mut *self.0.get();
        let class = class_of(layout) as usize;
        *(ptr as *mut usize) = heap.free[class];
        heap.free[class] = ptr as usize;
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        // Still the same size of block: nothing to move.
        if class_of(new_layout) == class_of(layout) {
            return ptr;
        }
        let new = self.alloc(new_layout);
        if !new.is_null() {
            core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        new
    }
}
