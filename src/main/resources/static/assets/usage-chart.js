// Draws a table's daily chart with uPlot from the numbers table beside it, so that the chart and its
// table can never disagree.
(function () {
  "use strict";
  const target = document.getElementById("usage-chart");
  const numbers = document.getElementById("usage-numbers");
  if (!target || !numbers || typeof uPlot === "undefined") {
    return;
  }
  const rows = Array.from(numbers.tBodies[0].rows);
  const columns = [[], [], [], [], []];
  rows.forEach(function (row) {
    columns[0].push(Date.parse(row.cells[0].textContent.trim().slice(0, 10) + "T00:00:00Z") / 1000);
    for (let i = 1; i <= 4; i++) {
      columns[i].push(Number(row.cells[i].textContent.trim()));
    }
  });
  const series = [
    {},
    { label: "Reads", stroke: "#0a4fb4", width: 2 },
    { label: "Writes", stroke: "#b45309", width: 2, dash: [6, 4] },
    { label: "Distinct users", stroke: "#15803d", width: 2, dash: [2, 3] },
    { label: "Time-travel reads", stroke: "#7e22ce", width: 2, dash: [10, 3, 2, 3] }
  ];
  // today, when the range ends with it, is counted so far: a dashed line and words say so, or a day under way
  // would look like a fall
  const partial = numbers.dataset.partial ? Date.parse(numbers.dataset.partial + "T00:00:00Z") / 1000 : null;
  function markPartial(u) {
    if (partial === null) {
      return;
    }
    const x = u.valToPos(partial, "x", true);
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = "#57606a";
    ctx.fillStyle = "#57606a";
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.font = Math.round(12 * devicePixelRatio) + "px sans-serif";
    ctx.textAlign = "right";
    ctx.textBaseline = "top";
    ctx.fillText("today, so far", x - 4 * devicePixelRatio, u.bbox.top + 4 * devicePixelRatio);
    ctx.restore();
  }
  function width() {
    return Math.max(300, target.clientWidth);
  }
  const chart = new uPlot({
    width: width(),
    height: 280,
    series: series,
    // counts start at zero, or a quiet table's line would look like a collapse
    scales: {
      x: { time: true },
      y: { range: function (u, min, max) { return uPlot.rangeNum(0, Math.max(max, 1), 0.1, true); } }
    },
    // the days are business days, placed at midnight UTC: shown as such whatever the browser's time zone
    tzDate: function (ts) { return uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"); },
    axes: [{ stroke: "#1b1f24" }, { stroke: "#1b1f24" }],
    legend: { live: false },
    hooks: { draw: [markPartial] }
  }, columns, target);
  window.addEventListener("resize", function () {
    chart.setSize({ width: width(), height: 280 });
  });
})();
