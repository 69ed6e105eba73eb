/* Hand replayer: draws the steps that reports/replayer.py embeds as JSON.
   Every string from a log is set with textContent, never parsed as HTML.
   With data.review (reports/review.py) it is a review of one player's hand: stepping stops at each of
   their decisions (steps with "ask") until the user picks a move, then reveals what the player did. */
"use strict";

const Replayer = (() => {
  const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
  let active = null; // the replayer the arrow keys drive

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function cardNode(code, up) {
    if (code === null) return el("span", "card back", "\u00a0");
    const node = el("span", `card suit-${code[1]}${up ? " up" : " down"}`, code[0] + SUITS[code[1]]);
    node.title = code + (up ? " (face up)" : " (face down)");
    return node;
  }

  // A cited rule, "[C27 show order at showdown]", its text in the tooltip (rules: the page's rulebook notes).
  function ruleNode(id, rules) {
    const note = rules[id];
    const node = el("abbr", "rule", note ? `[${id} ${note.title}]` : `[${id}]`);
    if (note) node.title = `${id} ${note.title}: ${note.text}`;
    return node;
  }

  function violationList(violations, onPick, rules) {
    const list = el("ul", "violations");
    for (const v of violations) {
      const item = el("li", `violation ${v.severity}`);
      const where = el(onPick ? "a" : "span", "where", `line ${v.line}`);
      if (onPick) {
        where.href = "#";
        where.addEventListener("click", (event) => { event.preventDefault(); onPick(v.line); });
      }
      item.append(where, el("span", "code", ` ${v.severity} ${v.code}`));
      if (v.rule) item.append(" ", ruleNode(v.rule, rules));
      item.append(": ", el("span", "message", v.message));
      list.append(item);
    }
    return list;
  }

  // numeric: right-aligned columns; fromLog: columns of a log's text (names), which may wrap anywhere.
  function simpleTable(headers, rows, rowClass, numeric = [], fromLog = []) {
    const table = el("table");
    const head = el("tr");
    const kind = (index) => (numeric.includes(index) ? "num" : fromLog.includes(index) ? "from-log" : null);
    headers.forEach((text, index) => head.append(el("th", kind(index), text)));
    table.append(el("thead"), el("tbody"));
    table.tHead.append(head);
    rows.forEach((row, index) => {
      const tr = el("tr", rowClass ? rowClass(index) : null);
      row.forEach((cell, index) => tr.append(el("td", kind(index), cell)));
      table.tBodies[0].append(tr);
    });
    return table;
  }

  function drawHeader(root, data) {
    const header = el("header", "rp-header");
    header.append(el("h1", null, data.review ? `${data.title}: review of ${data.review.player}` : data.title));
    if (data.review) {
      header.append(el("p", "note", `The hand as ${data.review.player} saw it: the others' face-down cards stay ` +
        `hidden until shown. At each of ${data.review.player}'s decisions (${data.review.decisions}), choose; ` +
        "then the play is revealed."));
    }
    const facts = el("dl", "facts");
    for (const [name, value] of data.facts) facts.append(el("dt", null, name), el("dd", null, value));
    header.append(facts);
    root.append(header);
  }

  function drawRuling(data, goToLine) {
    const r = data.ruling;
    const box = el("section", "rp-ruling");
    box.append(el("h2", null, "Ruling"));
    const potRows = [];
    for (const pot of r.pots) {
      const winners = pot.winners.map((w) =>
        `${w.player} ${w.amount}${w.half ? ` (${w.half})` : ""}${w.hand ? ` with ${w.hand}` : ""}`);
      potRows.push([pot.name, pot.amount, pot.reason, pot.eligible.join(", "), winners.join("; ")]);
    }
    box.append(simpleTable(["pot", "amount", "how", "eligible", "wins"], potRows, null, [1], [3, 4]));
    box.append(simpleTable(
      ["seat", "player", "put in", "rules award", "log awards", "net", "high hand", "low hand"],
      r.results.map((s) => [s.seat, s.player, s.committed, s.collected, s.logged, s.net, s.high, s.low]),
      (index) => (r.results[index].agrees ? null : "disagrees"), [0, 2, 3, 4, 5], [1]));
    const rake = `Total pot ${r.total}, rake ${r.rake}` +
      (r.loggedRake !== null && r.loggedRake !== r.rake ? ` (the log says ${r.loggedRake})` : "");
    box.append(el("p", null, rake));
    box.append(el("p", r.agrees ? "agrees" : "disagrees",
      r.agrees ? "The log's awards agree with the rules." : "The log's awards differ from the rules."));
    if (r.violations.length) {
      box.append(el("h3", null, `${r.violations.length} violation(s)`));
      box.append(violationList(r.violations, goToLine, data.rules));
    } else {
      box.append(el("p", "agrees", "No violations."));
    }
    return box;
  }

  const MOVE_WORDS = { fold: "fold", passive: "check or call", aggressive: "bet, complete or raise" };

  function optionLabel(step, move) {
    const option = step.choice.options.find(([kind]) => kind === move);
    return option ? option[1] : MOVE_WORDS[move];
  }

  // The user's answer beside what the player did, and the decision's EV where the hand was analysed.
  function revealNodes(step, move, player) {
    const same = move === step.choice.taken;
    const nodes = [el("div", `rp-answer ${same ? "same" : "differs"}`,
      `You chose: ${optionLabel(step, move)}. ${same ? "\u2713 as" : "\u2717 not as"} ${player} did.`)];
    const d = step.decision;
    if (d) {
      const parts = [`EV of ${player}'s play: ${d.ev} (${d.evBigBets >= 0 ? "+" : ""}${d.evBigBets} big bets)`];
      if (d.error) parts.push(`\u00b1 ${d.error}`);
      if (d.equity) parts.push(`equity ${d.equity}`);
      if (d.best) parts.push(`best play by the analysis: ${d.best}`);
      nodes.push(el("div", "rp-ev", parts.join("; ")));
    } else {
      nodes.push(el("div", "rp-ev none", "Decision EV: not analysed."));
    }
    return nodes;
  }

  // The tally: the user's answers against the player's moves and, where known, the EV of those moves.
  function drawTally(box, steps, answers, review) {
    box.replaceChildren(el("h3", null, "Your decisions"));
    let same = 0, best = 0, withBest = 0, evSame = 0, evOther = 0, withEv = 0;
    const list = el("ol", "rp-answers");
    for (const [index, move] of answers) {
      const step = steps[index];
      const agrees = move === step.choice.taken;
      same += agrees;
      const d = step.decision;
      if (d) {
        withEv += 1;
        if (agrees) evSame += d.evBigBets; else evOther += d.evBigBets;
        if (d.bestMove) { withBest += 1; best += move === d.bestMove; }
      }
      list.append(el("li", agrees ? "same" : "differs",
        `${step.label}: you ${MOVE_WORDS[move]}; ${step.texts.join("; ")}${d ? ` (EV ${d.ev})` : ""}`));
    }
    const lines = [`Answered ${answers.size} of ${review.decisions}; as ${review.player} did: ${same}.`];
    if (withEv) {
      lines.push(`EV of ${review.player}'s plays where you agreed: ${evSame.toFixed(2)} big bets; ` +
        `where you chose otherwise: ${evOther.toFixed(2)} big bets (decisions analysed: ${withEv}).`);
    }
    if (withBest) lines.push(`Your choice was the analysis' best play in ${best} of ${withBest} decisions.`);
    for (const line of lines) box.append(el("p", "rp-tally-line", line));
    box.append(list);
    box.dataset.answered = String(answers.size);
    box.dataset.same = String(same);
  }

  function mount(root, data) {
    root.replaceChildren();
    drawHeader(root, data);
    const steps = data.steps;
    const review = data.review; // null for a plain replay
    const answers = new Map(); // review: step index -> the user's move
    let current = 0;
    let reached = 0; // review: the furthest step revealed; the timeline and the log show nothing beyond

    const controls = el("nav", "rp-controls");
    const buttons = {};
    for (const [name, label, title] of [["first", "\u00ab First", "First step (Home)"],
      ["prev", "\u2039 Back", "Previous step (Left arrow)"], ["next", "Next \u203a", "Next step (Right arrow)"],
      ["last", "Ruling \u00bb", "Ruling (End)"]]) {
      const button = el("button", `rp-${name}`, label);
      button.type = "button";
      button.title = title;
      button.setAttribute("aria-label", title);
      buttons[name] = button;
    }
    const counter = el("span", "rp-counter");
    controls.append(buttons.first, buttons.prev, counter, buttons.next, buttons.last);

    const banner = el("div", "rp-banner");
    const table = el("div", "rp-table");
    const seatBoxes = data.seats.map((seat) => {
      const box = el("div", "seat");
      box.dataset.player = seat.player;
      table.append(box);
      return box;
    });
    const center = el("div", "rp-center");
    table.append(center);

    const layout = el("div", "rp-layout");
    const main = el("div", "rp-main");
    const timeline = el("ol", "rp-timeline");
    const stepItems = steps.map((step, index) => {
      const item = el("li", step.violations.length ? "flagged" : null);
      const link = el("a", null, `${step.label}: ${step.texts.join("; ")}`);
      link.href = "#";
      link.addEventListener("click", (event) => { event.preventDefault(); show(index); });
      item.append(link);
      timeline.append(item);
      return item;
    });
    const side = el("aside", "rp-side");
    const tally = el("section", "rp-tally");
    if (review) side.append(tally);
    side.append(el("h3", null, "Steps"), timeline);

    const log = el("pre", "rp-log");
    const flaggedLines = new Set(data.ruling.violations.map((v) => v.line));
    const logLines = [];
    if (data.log) {
      data.log.lines.forEach((text, offset) => {
        const number = data.log.first + offset;
        const line = el("span", flaggedLines.has(number) ? "line flagged" : "line");
        line.append(el("span", "number", String(number).padStart(5, " ")), document.createTextNode(` ${text}\n`));
        logLines.push([number, line]);
        log.append(line);
      });
    }
    main.append(controls, banner, table);
    const ruling = drawRuling(data, goToLine);
    main.append(ruling);
    const logTitle = el("h3", null, "Log");
    if (data.log) main.append(logTitle, log);
    layout.append(main, side);
    root.append(layout);

    function goToLine(line) {
      const index = steps.findIndex((step) => step.lines.includes(line));
      show(index >= 0 ? index : steps.length - 1);
    }

    function drawSeat(box, seat, state, step) {
      box.replaceChildren();
      box.className = "seat";
      if (review && review.player === seat.player) box.classList.add("reviewed");
      if (!state.inHand) box.classList.add("out");
      if (state.folded) box.classList.add("folded");
      if (state.allIn) box.classList.add("allin");
      if (step.actor === seat.player) box.classList.add("actor");
      if (step.expected === seat.player) box.classList.add("expected");
      const head = el("div", "seat-head");
      head.append(el("span", "seat-no", `Seat ${seat.seat}`), el("span", "name", seat.player));
      const money = el("div", "seat-money");
      money.append(el("span", "stack", state.stack), el("span", "bet", state.bet ? `bet ${state.bet}` : ""));
      const cards = el("div", "cards");
      for (const code of state.down) cards.append(cardNode(code, false));
      for (const code of state.up) cards.append(cardNode(code, true));
      const tags = [];
      if (state.folded) tags.push("folded");
      if (state.allIn) tags.push("all-in");
      if (state.shown) tags.push(state.shown);
      box.append(head, money, cards, el("div", "tags", tags.join(" \u00b7 ")));
    }

    function drawCenter(step) {
      center.replaceChildren(el("div", "pot", `Pot ${step.pot}`));
      if (step.pots.length > 1) {
        const list = el("ul", "side-pots");
        for (const pot of step.pots) list.append(el("li", null, `${pot.name} ${pot.amount}: ${pot.eligible.join(", ")}`));
        center.append(list);
      }
      if (step.board.length) {
        const board = el("div", "board");
        board.append(el("span", null, "Community card "));
        for (const code of step.board) board.append(cardNode(code, true));
        center.append(board);
      }
    }

    function drawBanner(step) {
      banner.replaceChildren();
      const bad = step.violations.some((v) => v.severity !== "info");
      banner.className = `rp-banner ${bad ? "bad" : "ok"}`;
      banner.append(el("div", "street", step.label));
      for (const text of step.texts) banner.append(el("div", "text", text));
      if (step.expected) banner.append(el("div", "expected", `The rules say ${step.expected} should act here.`));
      if (step.kind === "ruling") return;
      if (step.violations.length) banner.append(violationList(step.violations, null, data.rules));
      else banner.append(el("div", "verdict", "\u2713 ok"));
    }

    // Review: the player is to act; the table as it stood before, and the user's choices as buttons.
    function drawQuestion(step) {
      banner.replaceChildren();
      banner.className = "rp-banner ask";
      banner.append(el("div", "street", step.label),
        el("div", "text", `${review.player} to act: what do you do?`));
      const choices = el("div", "rp-choices");
      for (const [move, label] of step.choice.options) {
        const button = el("button", `rp-choice ${move}`, label);
        button.type = "button";
        button.dataset.move = move;
        button.addEventListener("click", () => { answers.set(current, move); show(current); });
        choices.append(button);
      }
      banner.append(choices);
    }

    function show(index) {
      let target = Math.max(0, Math.min(steps.length - 1, index));
      if (review) { // never past a decision the user has not answered
        const pending = steps.findIndex((step, i) => i <= target && step.ask && !answers.has(i));
        if (pending >= 0) target = pending;
      }
      current = target;
      const step = steps[current];
      const asking = Boolean(review && step.ask && !answers.has(current));
      const seen = asking ? steps[current - 1] : step; // the table as the player saw it before acting
      reached = Math.max(reached, asking ? current - 1 : current); // all before a question was seen
      root.dataset.step = String(current);
      root.dataset.steps = String(steps.length);
      root.dataset.asking = asking ? "1" : "0";
      counter.textContent = `Step ${current + 1} of ${steps.length}`;
      buttons.first.disabled = buttons.prev.disabled = current === 0;
      buttons.next.disabled = buttons.last.disabled = asking || current === steps.length - 1;
      if (asking) drawQuestion(step);
      else drawBanner(step);
      if (review && answers.has(current)) banner.append(...revealNodes(step, answers.get(current), review.player));
      const actor = asking ? { ...seen, actor: review.player, expected: null } : step;
      data.seats.forEach((seat, i) => drawSeat(seatBoxes[i], seat, seen.seats[i], actor));
      drawCenter(seen);
      ruling.hidden = step.kind !== "ruling";
      if (review) {
        drawTally(tally, steps, answers, review);
        stepItems.forEach((item, i) => { item.hidden = i > reached; });
        log.hidden = logTitle.hidden = reached < steps.length - 1; // the log tells every card: at the end
      }
      stepItems.forEach((item, i) => item.classList.toggle("current", i === current));
      for (const [number, line] of logLines) line.classList.toggle("current", step.lines.includes(number));
      const first = logLines.find(([number]) => step.lines.includes(number));
      if (first) log.scrollTop = Math.max(0, first[1].offsetTop - log.clientHeight / 3);
    }

    buttons.first.addEventListener("click", () => show(0));
    buttons.prev.addEventListener("click", () => show(current - 1));
    buttons.next.addEventListener("click", () => show(current + 1));
    buttons.last.addEventListener("click", () => show(steps.length - 1));
    active = { show, get current() { return current; }, steps: steps.length };
    show(0);
    return active;
  }

  document.addEventListener("keydown", (event) => {
    if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowRight: active.current + 1, ArrowLeft: active.current - 1, Home: 0, End: active.steps - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    active.show(moves[event.key]);
  });

  return { mount };
})();
