// Draws each ranking as bars with uPlot from the numbers table beneath it, so that the chart and its table
// can never disagree: data-numbers names the table, data-value-column the column charted (its cells carry the
// raw number in data-value), data-series what the bars count. The names are in the table's second column.
(function () {
  "use strict";
  if (typeof uPlot === "undefined") {
    return;
  }
  document.querySelectorAll("[data-bar-chart]").forEach(function (target) {
    const numbers = document.getElementById(target.dataset.numbers);
    if (!numbers) {
      return;
    }
    const column = Number(target.dataset.valueColumn);
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
        { label: target.dataset.series, fill: "#0a4fb4", stroke: "#0a4fb4", paths: uPlot.paths.bars({ size: [0.7, 60] }), points: { show: false } }
      ],
      axes: [
        { stroke: "#1b1f24", splits: function () { return ranks; }, values: function (u, splits) { return splits.map(String); } },
        { stroke: "#1b1f24" }
      ],
      legend: { live: true }
    }, [ranks, values], target);
    window.addEventListener("resize", function () {
      chart.setSize({ width: width(), height: 300 });
    });
  });
})();
