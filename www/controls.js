// Step buttons under a board: first, back, forward, last, and where we are. DOM text only.
const LABELS = {
  en: { first: 'First ply', back: 'Back one ply', forward: 'Forward one ply', last: 'Last ply', ply: (n, total) => `Ply ${n} of ${total}` },
  it: { first: 'Prima semimossa', back: 'Indietro', forward: 'Avanti', last: 'Ultima semimossa', ply: (n, total) => `Semimossa ${n} di ${total}` },
  es: { first: 'Primera jugada', back: 'Atrás', forward: 'Adelante', last: 'Última jugada', ply: (n, total) => `Jugada ${n} de ${total}` },
  ca: { first: 'Primera jugada', back: 'Enrere', forward: 'Endavant', last: 'Darrera jugada', ply: (n, total) => `Jugada ${n} de ${total}` },
};

export function stepControls(container, handle, lang = 'en') {
  const t = LABELS[lang] || LABELS.en;
  const bar = document.createElement('div');
  bar.className = 'tak-steps';
  bar.setAttribute('role', 'toolbar');
  const button = (text, label, action) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', action);
    bar.append(b);
    return b;
  };
  const first = button('«', t.first, () => handle.goto(0));
  const back = button('‹', t.back, () => handle.undo());
  const where = document.createElement('span');
  where.className = 'tak-where';
  where.setAttribute('aria-live', 'polite');
  bar.append(where);
  const forward = button('›', t.forward, () => handle.redo());
  const last = button('»', t.last, () => handle.goto('last'));
  const update = () => {
    const s = handle.status();
    const total = handle.plyCount();
    where.textContent = t.ply(s.ply, total);
    first.disabled = back.disabled = s.ply === 0;
    forward.disabled = last.disabled = s.ply >= total;
  };
  handle.on('change', update);
  update();
  container.append(bar);
  return bar;
}
