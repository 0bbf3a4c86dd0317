// The game library: every game kept on this device, one record per game, in IndexedDB
// (database `tak-library`). Two stores: `entries`, what My games lists (summary, name, dates,
// who plays, revision), and `saves`, the game itself (the save text and its match), so that
// listing a thousand games never reads their moves. Every write is one transaction over both:
// a full disk aborts it and what was kept before stays whole. A write names the revision it
// read (compare and set): a tab never overwrites a game that another tab changed since.
// Data only: which game a tab shows is www/keeper.js's; the list is www/games.js's.

const DB_NAME = 'tak-library';
const CHANNEL = 'tak-library';

let opening = null;
/** The database, opened once per page. */
export function openLibrary() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('entries', { keyPath: 'id' });
      request.result.createObjectStore('saves', { keyPath: 'id' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // A later version of the page, in another tab, upgrades the database: let it.
      db.onversionchange = () => { db.close(); opening = null; };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the game library is held by an older tab'));
  });
  opening.catch(() => { opening = null; });
  return opening;
}

const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = () => reject(tx.error ?? new DOMException('The write was abandoned', 'AbortError'));
});
const answer = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** A new entry's id: random, so that two tabs (or two devices' files) never pick the same. */
export function newId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A write refused because the entry is no longer at the revision read: `entry` is what is kept now (null: deleted). */
export class Conflict extends Error {
  constructor(entry) {
    super('changed elsewhere');
    this.entry = entry;
  }
}

let channel = null;
const listeners = new Set();
function theChannel() {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e) => { for (const fn of listeners) fn(e.data); };
  }
  return channel;
}
/** Hears of every write of the other tabs: `{id, rev}` (rev 0: deleted). Returns a function that stops. */
export function onChange(fn) {
  theChannel();
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const announce = (message) => { try { theChannel()?.postMessage(message); } catch { /* no other tab hears */ } };

/**
 * Keeps `fields` (an entry: id, summary, name, sides…) and `game` (`{save, match}`, or null to
 * leave the game as it is) as revision `rev + 1`, if the entry kept is still at revision `rev`
 * (0: not kept yet). Resolves to the entry as kept. Rejects with a Conflict when another tab
 * wrote since, or with the browser's error (`QuotaExceededError`: the disk is full) and then
 * nothing at all was written.
 */
export async function put(fields, game, rev) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  done.catch(() => { /* said by the awaits below */ });
  const entries = tx.objectStore('entries');
  const kept = await answer(entries.get(fields.id));
  if ((kept?.rev ?? 0) !== rev) {
    tx.abort();
    throw new Conflict(kept ?? null);
  }
  const now = Date.now();
  const entry = { created: now, opened: now, ...kept, ...fields, rev: rev + 1, updated: now };
  try {
    entries.put(entry);
    if (game) tx.objectStore('saves').put({ id: fields.id, save: game.save, match: game.match ?? null });
  } catch (err) {
    tx.abort(); // all or nothing: never an entry whose game is not the one it lists
    throw err;
  }
  await done;
  announce({ id: entry.id, rev: entry.rev });
  return entry;
}

/** Changes what an entry says of itself (its name, when last opened), not its game nor its revision. */
export async function touch(id, fields) {
  const db = await openLibrary();
  const tx = db.transaction('entries', 'readwrite');
  const done = finished(tx);
  const store = tx.objectStore('entries');
  const kept = await answer(store.get(id));
  if (kept) store.put({ ...kept, ...fields, id, rev: kept.rev });
  await done;
  if (kept) announce({ id, rev: kept.rev, touched: true });
  return kept ? { ...kept, ...fields } : null;
}

/** The entry `id` and its game (`{entry, save, match}`), or null. */
export async function get(id) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readonly');
  const [entry, game] = await Promise.all([answer(tx.objectStore('entries').get(id)), answer(tx.objectStore('saves').get(id))]);
  return entry ? { entry, save: game?.save ?? null, match: game?.match ?? null } : null;
}

/** Every entry (without its game), the last changed first. */
export async function list() {
  const db = await openLibrary();
  const all = await answer(db.transaction('entries', 'readonly').objectStore('entries').getAll());
  return all.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
}

/** Deletes entry `id`; resolves to what it held (`{entry, save, match}`), for Undo with putBack. */
export async function remove(id) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  const [entry, game] = await Promise.all([answer(tx.objectStore('entries').get(id)), answer(tx.objectStore('saves').get(id))]);
  tx.objectStore('entries').delete(id);
  tx.objectStore('saves').delete(id);
  await done;
  announce({ id, rev: 0 });
  return entry ? { entry, save: game?.save ?? null, match: game?.match ?? null } : null;
}

/** Puts back what remove() resolved to (Undo), unless the id was taken again since. */
export async function putBack(removed) {
  const { entry, save, match } = removed;
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  tx.objectStore('entries').add(entry);
  tx.objectStore('saves').put({ id: entry.id, save, match });
  await done;
  announce({ id: entry.id, rev: entry.rev });
}

/**
 * Adds many games at once (an imported file, the migration), each `{fields, save, match}`,
 * all in one transaction: all kept, or none.
 */
export async function addAll(games) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  const now = Date.now();
  const entries = games.map(({ fields, save, match }, i) => {
    // One millisecond apart, in the file's order: the list shows them as the file has them.
    const entry = { created: now, opened: 0, updated: now - i, ...fields, id: fields.id ?? newId(), rev: 1 };
    tx.objectStore('entries').add(entry);
    tx.objectStore('saves').put({ id: entry.id, save, match: match ?? null });
    return entry;
  });
  await done;
  for (const e of entries) announce({ id: e.id, rev: e.rev });
  return entries;
}

/** The words for a failed write: the disk is full, or the browser refused. */
export const isFull = (err) => err?.name === 'QuotaExceededError' || /quota/i.test(String(err?.message));
