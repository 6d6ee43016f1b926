// The board: the server's SVG picture (the one `lud64 show --svg` draws),
// with a layer on top for clicks, legal targets, the piece picked up, the
// tables' marks and the best decision's arrow; flipped by turning the board
// half a turn with its labels kept upright.

const SVG = 'http://www.w3.org/2000/svg';
// What belongs to the board (turned by a flip); captions and hands stay.
const BOARD_CLASSES = ['board', 'cell', 'blocked', 'hatch', 'line', 'point', 'label', 'piece',
  'last', 'last-from', 'last-move'];

function element(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export class Board {
  // `container`: the element to draw in; `onDecision(text)` a legal decision
  // clicked; `onRefused(reason)` an illegal click.
  constructor(container, onDecision, onRefused) {
    this.container = container;
    this.onDecision = onDecision;
    this.onRefused = onRefused;
    this.flipped = false;
    this.data = null;
    this.selected = null;
    this.interactive = true;
    this.tableValues = null;
    this.best = null;
  }

  // Draws `data`, an /api/position answer.
  draw(data) {
    this.data = data;
    this.selected = null;
    this.tableValues = null;
    this.best = null;
    this.render();
  }

  flip() {
    this.flipped = !this.flipped;
    this.render();
  }

  setInteractive(on) {
    this.interactive = on;
    this.renderMarks();
  }

  // The tables' values: {decisionText: {value, turns}}, or null.
  setTableValues(values) {
    this.tableValues = values;
    this.renderMarks();
  }

  // The best decision found by the analysis (an /api decision), or null.
  setBest(decision) {
    this.best = decision;
    this.renderMarks();
  }

  deselect() {
    this.selected = null;
    this.renderMarks();
  }

  site(name) { return this.data.sites.find((s) => s.name === name); }

  render() {
    if (!this.data) return;
    this.container.innerHTML = this.data.svg;
    const svg = this.container.querySelector('svg');
    this.svg = svg;
    const box = this.data.board;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const group = element('g', { class: 'board-group' });
    const defs = element('defs', {}, svg);
    const marker = element('marker', { id: 'arrow-head', viewBox: '0 0 10 10', refX: '6', refY: '5',
      markerWidth: '4', markerHeight: '4', orient: 'auto-start-reverse' }, defs);
    element('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#1c6dd0' }, marker);
    const first = [...svg.children].find((c) => BOARD_CLASSES.some((k) => c.classList.contains(k)));
    svg.insertBefore(group, first || null);
    for (const child of [...svg.children]) {
      if (BOARD_CLASSES.some((k) => child.classList.contains(k))) group.appendChild(child);
    }
    if (this.flipped) {
      // Turned, the labels fall outside the picture's margins: room for them.
      const [x, y, width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
      const margin = 30;
      svg.setAttribute('viewBox', `${x - margin} ${y - margin} ${width + 2 * margin} ${height + 2 * margin}`);
      svg.setAttribute('width', String(width + 2 * margin));
      svg.setAttribute('height', String(height + 2 * margin));
      group.setAttribute('transform', `rotate(180 ${cx} ${cy})`);
      for (const label of group.querySelectorAll('text')) {
        label.setAttribute('transform',
          `rotate(180 ${label.getAttribute('x')} ${label.getAttribute('y')})`);
      }
    }
    this.marks = element('g', { class: 'marks' }, group);
    this.targets = element('g', { class: 'targets' }, group);
    for (const site of this.data.sites) {
      const target = element('circle', { class: 'site-target', cx: site.x, cy: site.y,
        r: this.data.radius * 1.25, 'data-site': site.name }, this.targets);
      target.addEventListener('click', () => this.click(site.name));
    }
    this.renderMarks();
  }

  // The sites a click may choose now: where a piece goes, is removed, or is
  // picked up; or, with a piece picked up, where it can go.
  legalTargets() {
    const legal = this.data.legal;
    if (this.selected) {
      return legal.filter((d) => d.kind === 'step' && d.from === this.selected).map((d) => d.to);
    }
    return legal.map((d) => (d.kind === 'step' ? d.from : d.to)).filter(Boolean);
  }

  renderMarks() {
    if (!this.marks) return;
    this.marks.innerHTML = '';
    const r = this.data.radius;
    if (this.interactive && !this.data.over) {
      for (const name of new Set(this.legalTargets())) {
        const s = this.site(name);
        element('circle', { class: 'legal-mark', cx: s.x, cy: s.y, r: r * 0.28,
          'data-legal': name }, this.marks);
      }
    }
    if (this.selected) {
      const s = this.site(this.selected);
      element('circle', { class: 'selected-mark', cx: s.x, cy: s.y, r: r + 6 }, this.marks);
    }
    if (this.tableValues) this.renderTableMarks();
    if (this.best && this.best.to) {
      const to = this.site(this.best.to);
      const from = this.best.from ? this.site(this.best.from) : null;
      if (from) {
        element('line', { class: 'best-arrow', x1: from.x, y1: from.y, x2: to.x, y2: to.y }, this.marks);
      } else {
        element('circle', { class: 'selected-mark best', cx: to.x, cy: to.y, r: r + 9,
          style: 'stroke:#1c6dd0' }, this.marks);
      }
    }
  }

  // Each decision's value where a click makes it: on the target of a place
  // or removal; for steps, on the piece (its best step) or, once picked up,
  // on each point it can go to.
  renderTableMarks() {
    const rank = (v) => (v.value === 'win' ? 3000 - v.turns : v.value === 'draw' ? 0 : v.turns - 3000);
    const bySite = new Map();
    for (const d of this.data.legal) {
      const v = this.tableValues[d.text];
      if (!v || v.value === 'unknown') continue;
      let site = d.kind === 'step' ? d.from : d.to;
      if (d.kind === 'step' && this.selected) {
        if (d.from !== this.selected) continue;
        site = d.to;
      }
      const old = bySite.get(site);
      if (!old || rank(v) > rank(old)) bySite.set(site, v);
    }
    const r = this.data.radius;
    for (const [name, v] of bySite) {
      const s = this.site(name);
      const text = v.value === 'draw' ? '=' : `${v.value === 'win' ? 'W' : 'L'}${v.turns}`;
      const label = element('text', { class: `tb-mark ${v.value}`, x: s.x + r * 0.55,
        y: s.y - r * 0.55, 'data-tb': name }, this.marks);
      if (this.flipped) label.setAttribute('transform', `rotate(180 ${s.x} ${s.y})`);
      label.textContent = text;
    }
  }

  click(name) {
    const data = this.data;
    if (!this.interactive) return this.onRefused('wait: it is the engine\'s turn');
    if (data.over) return this.onRefused(`the game is over: ${data.result.text}`);
    const legal = data.legal;
    if (this.selected) {
      const step = legal.find((d) => d.kind === 'step' && d.from === this.selected && d.to === name);
      if (step) return this.onDecision(step.text);
      if (name === this.selected) return this.deselect();
      if (legal.some((d) => d.kind === 'step' && d.from === name)) {
        this.selected = name;
        return this.renderMarks();
      }
      const targets = this.legalTargets().join(' ');
      return this.refuse(name, `${this.selected} cannot move to ${name}: it can go to ${targets}`);
    }
    const direct = legal.find((d) => (d.kind === 'place' || d.kind === 'remove') && d.to === name);
    if (direct) return this.onDecision(direct.text);
    if (legal.some((d) => d.kind === 'step' && d.from === name)) {
      this.selected = name;
      return this.renderMarks();
    }
    return this.refuse(name, this.reason(name));
  }

  // Why a click on `name` makes no legal decision.
  reason(name) {
    const legal = this.data.legal;
    const list = legal.map((d) => d.text).slice(0, 20).join(' ');
    if (legal.some((d) => d.kind === 'remove')) {
      return `a mill: remove one of the opponent's pieces first, not ${name} (legal: ${list})`;
    }
    if (legal.some((d) => d.kind === 'place')) return `${name}: no piece may be placed there (legal: ${list})`;
    if (legal.some((d) => d.kind === 'step')) return `${name}: no piece of yours there can move (legal: ${list})`;
    if (legal.length === 1 && legal[0].kind === 'pass') return 'no decision but a pass is legal: use the decision list';
    return `${name}: not a legal decision (legal: ${list})`;
  }

  refuse(name, reason) {
    const s = this.site(name);
    const mark = element('circle', { class: 'refused-mark', cx: s.x, cy: s.y,
      r: this.data.radius + 6 }, this.marks);
    setTimeout(() => mark.remove(), 900);
    this.onRefused(reason);
  }
}
