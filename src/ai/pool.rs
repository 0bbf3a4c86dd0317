//! Jobs on every core: matches and training play their games on several threads, each with
//! its own worker (engines started once, searchers with their tables), and hear each result
//! on the calling thread as it comes, where they may stop the rest (an SPRT that decided, a
//! round's time spent).
//!
//! ```
//! use tak::ai::pool::run_jobs;
//! let mut squares = Vec::new();
//! run_jobs(2, 10, || Ok(()), |_, job| Ok(job * job), |job, square| {
//!     squares.push((job, square));
//!     true // go on
//! })?;
//! squares.sort();
//! assert_eq!(squares.len(), 10);
//! assert_eq!(squares[3], (3, 9));
//! # Ok::<(), String>(())
//! ```

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The cores this machine has (at least one).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs jobs `0..jobs` on `threads` threads. Each thread makes its worker once with `init`,
/// then takes the next job not yet started and runs `work` on it; `done` hears each job's
/// result on the calling thread, in the order they finish, and returns false to start no
/// more jobs (those running finish, and are handed to `done` too, whose answer no longer
/// matters). The first error of `init` or `work` ends the run and is returned, once the
/// running jobs have finished.
pub fn run_jobs<W, R: Send>(
    threads: usize,
    jobs: usize,
    init: impl Fn() -> Result<W, String> + Sync,
    work: impl Fn(&mut W, usize) -> Result<R, String> + Sync,
    mut done: impl FnMut(usize, R) -> bool,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // A rendezvous: a worker hands its result over and waits until it is taken, so that a
    // stop said on taking it is seen before that worker starts another job.
    let (results, received) = mpsc::sync_channel::<(usize, Result<R, String>)>(0);
    let mut error = None;
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, jobs.max(1)) {
            let results = results.clone();
            let (next, stop, init, work) = (&next, &stop, &init, &work);
            scope.spawn(move || {
                let mut worker = match init() {
                    Ok(w) => w,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        let _ = results.send((usize::MAX, Err(e)));
                        return;
                    }
                };
                while !stop.load(Ordering::Relaxed) {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= jobs {
                        break;
                    }
                    let result = work(&mut worker, job);
                    if result.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    if results.send((job, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(results);
        for (job, result) in received {
            match result {
                Ok(r) => {
                    if !done(job, r) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    error.get_or_insert(e);
                }
            }
        }
    });
    error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_starts_no_more_jobs() {
        let mut seen = 0;
        run_jobs(
            2,
            1000,
            || Ok(()),
            |_, job| Ok(job),
            |_, _| {
                seen += 1;
                seen < 5
            },
        )
        .unwrap();
        // Five heard, and at most one more per thread that was running when it stopped.
        assert!((5..=7).contains(&seen), "{seen}");
    }

    #[test]
    fn the_first_error_is_returned() {
        let result = run_jobs(
            2,
            10,
            || Ok(()),
            |_, job| {
                if job == 3 {
                    Err("three".into())
                } else {
                    Ok(job)
                }
            },
            |_, _| true,
        );
        assert_eq!(result, Err("three".to_string()));
        let failed_start = run_jobs(
            2,
            10,
            || Err::<(), _>("no engine".into()),
            |_, j| Ok(j),
            |_, _| true,
        );
        assert_eq!(failed_start, Err("no engine".to_string()));
    }
}
