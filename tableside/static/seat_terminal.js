// A seat's terminal: xterm.js on the connection the page opened as it was read
// (window.seatEarly, templates/seat_open.js). It speaks textual-serve's messages: the app's
// output comes as binary frames; keys go as ["stdin", text], the size as ["resize", ...],
// and whether the page has the focus as ["focus"] / ["blur"].
(function () {
  "use strict";
  const element = document.getElementById("terminal");
  const early = window.seatEarly;
  const socket = early.socket;
  const terminal = new Terminal({
    allowProposedApi: true,
    fontSize: parseInt(element.dataset.fontSize, 10),
    fontFamily: window.SEAT_FONT,
    scrollback: 0,
  });
  const fit = new FitAddon.FitAddon();
  terminal.loadAddon(fit);
  terminal.loadAddon(new Unicode11Addon.Unicode11Addon());
  terminal.unicode.activeVersion = "11";
  terminal.open(element);  // drawn in the page's own text (xterm.js's DOM renderer)

  function send(message) {
    if (socket.readyState !== WebSocket.OPEN) {
      return false;
    }
    socket.send(JSON.stringify(message));
    return true;
  }
  let said = null;  // the size last told (the connection's own opened the seat)
  function sendSize() {
    const now = { width: terminal.cols, height: terminal.rows };
    if ((said === null || now.width !== said.width || now.height !== said.height) &&
        send(["resize", now])) {
      said = now;
    }
  }
  function lost() {
    document.body.classList.add("-closed");
    window.startWatching(1000);
  }
  function written(bytes) {
    terminal.write(bytes);
    document.body.classList.add("-first-byte");
  }

  terminal.onData((text) => send(["stdin", text]));
  terminal.onResize(() => sendSize());
  const screen = element.querySelector(".xterm-screen");
  screen.addEventListener("focus", () => send(["focus"]), true);
  screen.addEventListener("blur", () => send(["blur"]), true);
  window.addEventListener("resize", () => fit.fit());

  socket.addEventListener("open", () => sendSize());
  socket.addEventListener("close", lost);
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      written(new Uint8Array(event.data));
    }
  });
  early.taken = true;  // from now on, the frames come here
  for (const frame of early.frames.splice(0)) {  // what came before the terminal was here
    written(frame);
  }
  fit.fit();  // the measured size, if it differs from the one the connection was opened with
  if (early.opened) {
    sendSize();
  }
  if (early.closed) {
    lost();
  }
  terminal.focus();  // the page takes keys at once, no first tap
})();
