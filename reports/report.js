/* Report pages: a link to #replay-N opens that hand's embedded replay below the violations list. */
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const source = document.getElementById("replays-data");
  const view = document.getElementById("replay-view");
  if (!source || !view) return;
  const replays = JSON.parse(source.textContent);

  function openFromHash() {
    const key = decodeURIComponent(window.location.hash.slice(1));
    if (!Object.prototype.hasOwnProperty.call(replays, key)) return;
    view.hidden = false;
    Replayer.mount(document.getElementById("replay-view-body"), replays[key]);
    view.scrollIntoView();
  }

  window.addEventListener("hashchange", openFromHash);
  openFromHash();
});
