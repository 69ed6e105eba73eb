/* studbook serve: mounts a hand's replay, and keeps the live table up to date. */
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const replay = document.getElementById("replay-data");
  const replayer = document.getElementById("replayer");
  if (replay && replayer) Replayer.mount(replayer, JSON.parse(replay.textContent));

  const status = document.getElementById("live-status");
  if (!status) return;
  const seconds = Number(status.dataset.refresh) || 2;

  // Ask whether the database changed; the app answers 204 (nothing new, or an import holds it just
  // now) or the table's new section, built and escaped by the app.
  async function refresh() {
    const live = document.getElementById("live");
    try {
      const answer = await fetch(`/live/table?version=${encodeURIComponent(live.dataset.version)}`,
                                 {cache: "no-store", credentials: "same-origin"});
      if (answer.status === 200) {
        const section = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById("live");
        if (section) live.replaceWith(document.adoptNode(section));
      }
      status.classList.remove("disagrees");
    } catch (error) {
      status.classList.add("disagrees");
    }
    setTimeout(refresh, seconds * 1000);
  }
  setTimeout(refresh, seconds * 1000);
});
