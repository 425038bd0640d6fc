// Runs as the page is read, before the terminal's script has loaded: the seat's connection
// opens now, sized for this screen, so the seat starts while the script loads and compiles.
// What the seat sends meanwhile is kept for the terminal (seat.js takes the socket over).
(function () {
  "use strict";
  const element = document.getElementById("terminal");
  const size = window.seatCellSize(element);
  const style = window.getComputedStyle(element);
  const columns = Math.max(2, Math.floor(parseInt(style.width, 10) / size.width));
  const rows = Math.max(1, Math.floor(parseInt(style.height, 10) / size.height));
  const url = element.dataset.sessionWebsocketUrl + "?width=" + columns + "&height=" + rows;
  const socket = new WebSocket(url);
  socket.binaryType = "arraybuffer";
  const early = { socket: socket, frames: [],
                  opened: false, closed: false, taken: false };
  socket.addEventListener("open", () => { early.opened = true; });
  socket.addEventListener("close", () => { early.closed = true; });
  socket.addEventListener("message", (event) => {
    if (!early.taken && typeof event.data !== "string") {
      early.frames.push(new Uint8Array(event.data));
    }
  });
  window.seatEarly = early;
})();
