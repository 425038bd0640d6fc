// One terminal cell's size in CSS pixels, measured as xterm.js's own renderer measures it
// (32 wide letters in the terminal's font; the height rounded up to whole device pixels).
window.SEAT_FONT = "'Roboto Mono', Monaco, 'Courier New', monospace";
window.seatCellSize = function (element) {
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;" +
    "font-kerning:none;line-height:normal;font-size:" + element.dataset.fontSize + "px";
  probe.style.fontFamily = window.SEAT_FONT;
  probe.textContent = "W".repeat(32);
  element.appendChild(probe);
  const ratio = window.devicePixelRatio || 1;
  const width = probe.offsetWidth / 32;
  const height = Math.ceil(probe.offsetHeight * ratio) / ratio;
  probe.remove();
  return { width: width || 9, height: height || 18 };
};
