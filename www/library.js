// The game library: every game kept on this device, one record per game, in IndexedDB
// (database `tak-library`). Two stores: `entries`, what My games lists (summary, name, dates,
// who plays, revision), and `saves`, the game itself (the save text and its match), so that
// listing a thousand games never reads their moves. Every write is one transaction over both:
// a full disk aborts it and what was kept before stays whole. A write names the revision it
// read (compare and set): a tab never overwrites a game that another tab changed since.
// Data only: which game a tab shows is www/keeper.js's; the list is www/games.js's.

const DB_NAME = 'tak-library';
const CHANNEL = 'tak-library';

/**
 * An entry: what My games lists of a game, kept in `entries` (src/web/library.rs `Kept`
 * writes and reads it in a PTN file). The library keeps whatever fields it is given.
 * @typedef {object} Entry
 * @property {string} id
 * @property {number} rev its revision: 1 when first kept, one more with each write
 * @property {number} created
 * @property {number} opened when last opened (0: never)
 * @property {number} updated when last changed
 * @property {import('../pkg/tak_study.js').GameSummary | null} [summary] what My games lists (null: kept from the play build)
 * @property {Partial<import('./keeper.js').Sides>} [sides] who plays
 * @property {string} [name] the reader's name for it
 * @property {string | null} [copyOf] the entry it is a copy of, kept apart from another tab's moves
 * @property {boolean} [damaged] its save cannot be read: kept as found
 * @property {import('./friend.js').FriendState} [friend] a game with a friend by link (www/friend.js)
 */
/** An entry's fields as given to a write: its id, and what changes. @typedef {Partial<Entry> & {id: string}} EntryFields */
/** An entry and its game, as `get` and `remove` give them. @typedef {{entry: Entry, save: string | null, match: string | null}} Found */
/** A game as kept in `saves`. @typedef {{id: string, save: string, match: string | null}} Kept */
/** What a write tells the other tabs (rev 0: deleted; `touched`: its fields alone). @typedef {{id: string, rev: number, touched?: boolean}} Change */

/**
 * Opens database `name` (version 1, its `stores` keyed by `id`) once per page: the opener
 * this library uses, and the puzzles' store beside it (www/practice-store.js). `heldBy` says
 * why it cannot be opened while an older tab holds it.
 * @param {string} name
 * @param {string[]} stores
 * @param {string} heldBy
 * @returns {() => Promise<IDBDatabase>}
 */
export function opener(name, stores, heldBy) {
  /** @type {Promise<IDBDatabase> | null} */
  let opening = null;
  return () => {
    opening ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        for (const store of stores) request.result.createObjectStore(store, { keyPath: 'id' });
      };
      request.onsuccess = () => {
        const db = request.result;
        // A later version of the page, in another tab, upgrades the database: let it.
        db.onversionchange = () => { db.close(); opening = null; };
        resolve(db);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error(heldBy));
    });
    opening.catch(() => { opening = null; });
    return opening;
  };
}

/** The game library's database, opened once per page. */
export const openLibrary = opener(DB_NAME, ['entries', 'saves'], 'the game library is held by an older tab');

/** A transaction's end: resolves once it is written, rejects when it is abandoned (a full disk). @param {IDBTransaction} tx */
export const finished = (tx) => /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onabort = () => reject(tx.error ?? new DOMException('The write was abandoned', 'AbortError'));
}));
/**
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
const answer = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/**
 * The reader's side in a kept game: against the computer theirs, in a friend game this
 * device's (`watch`: none), null where neither tells (a game played on one board, or read
 * from text). Who keeps the reader's mistakes (www/study.js) and whose results count
 * (www/progress.js) ask it.
 * @param {Partial<Entry>} entry
 * @returns {'white' | 'black' | 'watch' | null}
 */
export function readersSide(entry) {
  if (entry.sides?.opponent === 'computer') return entry.sides.human === 'black' ? 'black' : 'white';
  const side = entry.friend?.side;
  return side === 'white' || side === 'black' ? side : side ? 'watch' : null;
}

/** A new entry's id: random, so that two tabs (or two devices' files) never pick the same. */
export function newId() {
  // An older browser has no randomUUID.
  if (/** @type {Partial<Crypto> | undefined} */ (globalThis.crypto)?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A write refused because the entry is no longer at the revision read: `entry` is what is kept now (null: deleted). */
export class Conflict extends Error {
  /** @param {Entry | null} entry */
  constructor(entry) {
    super('changed elsewhere');
    this.entry = entry;
  }
}

/** @type {BroadcastChannel | null} */
let channel = null;
/** @type {Set<(message: Change) => void>} */
const listeners = new Set();
function theChannel() {
  if (!channel && typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e) => { for (const fn of listeners) fn(e.data); };
  }
  return channel;
}
/**
 * Hears of every write of the other tabs: `{id, rev}` (rev 0: deleted). Returns a function that stops.
 * @param {(message: Change) => void} fn
 */
export function onChange(fn) {
  theChannel();
  listeners.add(fn);
  return () => listeners.delete(fn);
}
/** @param {Change} message */
const announce = (message) => { try { theChannel()?.postMessage(message); } catch { /* no other tab hears */ } };

/**
 * Keeps `fields` (an entry: id, summary, name, sides…) and `game` (`{save, match}`, or null to
 * leave the game as it is) as revision `rev + 1`, if the entry kept is still at revision `rev`
 * (0: not kept yet). Resolves to the entry as kept. Rejects with a Conflict when another tab
 * wrote since, or with the browser's error (`QuotaExceededError`: the disk is full) and then
 * nothing at all was written.
 * @param {EntryFields} fields
 * @param {{save: string, match?: string | null} | null} game
 * @param {number} rev
 * @returns {Promise<Entry>}
 */
export async function put(fields, game, rev) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  done.catch(() => { /* said by the awaits below */ });
  const entries = tx.objectStore('entries');
  const kept = await answer(/** @type {IDBRequest<Entry | undefined>} */ (entries.get(fields.id)));
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

/**
 * Changes what an entry says of itself (its name, when last opened), not its game nor its revision.
 * @param {string} id
 * @param {Partial<Entry>} fields
 * @returns {Promise<Entry | null>}
 */
export async function touch(id, fields) {
  const db = await openLibrary();
  const tx = db.transaction('entries', 'readwrite');
  const done = finished(tx);
  const store = tx.objectStore('entries');
  const kept = await answer(/** @type {IDBRequest<Entry | undefined>} */ (store.get(id)));
  if (kept) store.put({ ...kept, ...fields, id, rev: kept.rev });
  await done;
  if (kept) announce({ id, rev: kept.rev, touched: true });
  return kept ? { ...kept, ...fields } : null;
}

/**
 * The entry `id` and its game (`{entry, save, match}`), or null.
 * @param {string} id
 * @returns {Promise<Found | null>}
 */
export async function get(id) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readonly');
  const [entry, game] = await Promise.all([answer(/** @type {IDBRequest<Entry | undefined>} */ (tx.objectStore('entries').get(id))), answer(/** @type {IDBRequest<Kept | undefined>} */ (tx.objectStore('saves').get(id)))]);
  return entry ? { entry, save: game?.save ?? null, match: game?.match ?? null } : null;
}

/**
 * Every entry (without its game), the last changed first.
 * @returns {Promise<Entry[]>}
 */
export async function list() {
  const db = await openLibrary();
  const all = await answer(/** @type {IDBRequest<Entry[]>} */ (db.transaction('entries', 'readonly').objectStore('entries').getAll()));
  return all.sort((a, b) => (b.updated ?? 0) - (a.updated ?? 0));
}

/**
 * Deletes entry `id`; resolves to what it held (`{entry, save, match}`), for Undo with putBack.
 * @param {string} id
 * @returns {Promise<Found | null>}
 */
export async function remove(id) {
  const db = await openLibrary();
  const tx = db.transaction(['entries', 'saves'], 'readwrite');
  const done = finished(tx);
  const [entry, game] = await Promise.all([answer(/** @type {IDBRequest<Entry | undefined>} */ (tx.objectStore('entries').get(id))), answer(/** @type {IDBRequest<Kept | undefined>} */ (tx.objectStore('saves').get(id)))]);
  tx.objectStore('entries').delete(id);
  tx.objectStore('saves').delete(id);
  await done;
  announce({ id, rev: 0 });
  return entry ? { entry, save: game?.save ?? null, match: game?.match ?? null } : null;
}

/**
 * Puts back what remove() resolved to (Undo), unless the id was taken again since.
 * @param {Found} removed
 */
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
 * @param {{fields: Partial<Entry>, save: string, match?: string | null}[]} games
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

/**
 * The words for a failed write: the disk is full, or the browser refused.
 * @param {unknown} err what the write threw
 */
export const isFull = (err) => /** @type {Error | null | undefined} */ (err)?.name === 'QuotaExceededError' || /quota/i.test(String(/** @type {Error | null | undefined} */ (err)?.message));
