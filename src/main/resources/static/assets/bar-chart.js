// Draws each ranking as bars with uPlot from the numbers table beneath it, so that the chart and its table
// can never disagree: data-numbers names the table, data-value-column the column charted (its cells carry the
// raw number in data-value), data-series what the bars count: "duration" (milliseconds) and "bytes" get their
// units on the axis, as the table writes them. The names are in the table's second column.
(function () {
  "use strict";
  if (typeof uPlot === "undefined") {
    return;
  }
  const BYTES = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
  function bytes(value) {
    if (value === 0) {
      return "0";
    }
    let unit = 0;
    while (Math.abs(value) >= 1024 && unit < BYTES.length - 1) {
      value /= 1024;
      unit++;
    }
    return (unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)) + " " + BYTES[unit];
  }
  function duration(ms) {
    if (ms === 0) {
      return "0";
    }
    if (Math.abs(ms) < 1000) {
      return ms + " ms";
    }
    const s = ms / 1000;
    if (Math.abs(s) < 60) {
      return s.toFixed(s < 10 ? 1 : 0) + " s";
    }
    if (Math.abs(s) < 3600) {
      return (s / 60).toFixed(s < 600 ? 1 : 0) + " min";
    }
    return (s / 3600).toFixed(s < 36000 ? 1 : 0) + " h";
  }
  function formatter(series) {
    if (series === "duration") {
      return duration;
    }
    if (series === "bytes") {
      return bytes;
    }
    return function (value) { return value.toLocaleString("en"); };
  }
  document.querySelectorAll("[data-bar-chart]").forEach(function (target) {
    const numbers = document.getElementById(target.dataset.numbers);
    if (!numbers) {
      return;
    }
    const column = Number(target.dataset.valueColumn);
    const format = formatter(target.dataset.series);
    const names = [];
    const ranks = [];
    const values = [];
    Array.from(numbers.tBodies[0].rows).forEach(function (row, index) {
      const cell = row.cells[column];
      ranks.push(index + 1);
      names.push(row.cells[1].textContent.trim());
      values.push(Number(cell.dataset.value !== undefined ? cell.dataset.value : cell.textContent.trim()));
    });
    function width() {
      return Math.max(300, target.clientWidth);
    }
    const chart = new uPlot({
      width: width(),
      height: 300,
      // bars start at zero, or their heights would not compare
      scales: {
        x: { time: false, range: [0.5, ranks.length + 0.5] },
        y: { range: function (u, min, max) { return uPlot.rangeNum(0, Math.max(max, 1), 0.1, true); } }
      },
      series: [
        { label: "Rank", value: function (u, rank) { return rank == null ? "" : names[rank - 1]; } },
        { label: target.dataset.series, fill: "#0a4fb4", stroke: "#0a4fb4", paths: uPlot.paths.bars({ size: [0.7, 60] }), points: { show: false },
          value: function (u, value) { return value == null ? "" : format(value); } }
      ],
      axes: [
        { stroke: "#1b1f24", splits: function () { return ranks; }, values: function (u, splits) { return splits.map(String); } },
        { stroke: "#1b1f24", size: 70, values: function (u, splits) { return splits.map(format); } }
      ],
      legend: { live: true }
    }, [ranks, values], target);
    window.addEventListener("resize", function () {
      chart.setSize({ width: width(), height: 300 });
    });
  });
})();
