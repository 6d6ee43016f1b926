// The game in and out: the record as `lud64 replay` reads it (decisions from
// the start, or `fen <position> moves <decisions>`), and the link that
// reopens the same game and position (the URL's hash).

export function recordText(start, moves) {
  const line = moves.join(' ');
  return start === 'start' ? line : `fen ${start} moves ${line}`.trim();
}

// {start, moves} from a record; a bare position text (it has a '/') is a start.
export function parseRecord(text) {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.startsWith('fen ')) {
    const at = trimmed.indexOf(' moves');
    const start = (at < 0 ? trimmed.slice(4) : trimmed.slice(4, at)).trim();
    const moves = at < 0 ? [] : trimmed.slice(at + 6).trim().split(' ').filter(Boolean);
    return { start, moves };
  }
  if (trimmed.includes('/')) return { start: trimmed, moves: [] };
  return { start: 'start', moves: trimmed ? trimmed.split(' ') : [] };
}

export function hashOf(state) {
  const params = new URLSearchParams();
  params.set('game', state.game);
  if (state.start !== 'start') params.set('start', state.start);
  if (state.moves.length) params.set('moves', state.moves.join(' '));
  if (state.ply !== state.moves.length) params.set('ply', String(state.ply));
  if (state.engineSide) params.set('engine', state.engineSide);
  return `#${params.toString()}`;
}

// {game, start, moves, ply, engineSide, analyse} from a hash, or null;
// `analyse=1` starts the analysis once the position is drawn.
export function parseHash(hash) {
  if (!hash || hash.length < 2) return null;
  const params = new URLSearchParams(hash.slice(1));
  if (!params.get('game')) return null;
  const moves = (params.get('moves') || '').split(' ').filter(Boolean);
  const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
  return {
    game: params.get('game'),
    start: params.get('start') || 'start',
    moves,
    ply: Number.isInteger(ply) && ply >= 0 && ply <= moves.length ? ply : moves.length,
    engineSide: params.get('engine') || '',
    analyse: params.get('analyse') === '1',
  };
}
