// The keys of the page, and the help overlay that lists them (?).

export function installKeys(actions, help) {
  const toggleHelp = (show) => { help.hidden = !(show ?? help.hidden); };
  document.getElementById('help-button').addEventListener('click', () => toggleHelp(true));
  document.getElementById('help-close').addEventListener('click', () => toggleHelp(false));
  help.addEventListener('click', (event) => { if (event.target === help) toggleHelp(false); });
  const keys = {
    ArrowLeft: actions.previous, ArrowRight: actions.next, Home: actions.first, End: actions.last,
    a: actions.analyse, s: actions.stop, b: actions.playBest, t: actions.takeback,
    n: actions.newGame, f: actions.flip, '?': () => toggleHelp(),
  };
  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (event.key === 'Escape') {
      toggleHelp(false);
      actions.deselect();
      return;
    }
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}
