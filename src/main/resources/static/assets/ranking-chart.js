// Draws the ranking of the most read tables as bars with uPlot, from the numbers table beneath it.
(function () {
  "use strict";
  const target = document.getElementById("ranking-chart");
  const numbers = document.getElementById("ranking-numbers");
  if (!target || !numbers || typeof uPlot === "undefined") {
    return;
  }
  const names = [];
  const ranks = [];
  const reads = [];
  Array.from(numbers.tBodies[0].rows).forEach(function (row, index) {
    ranks.push(index + 1);
    names.push(row.cells[1].textContent.trim());
    reads.push(Number(row.cells[2].textContent.trim()));
  });
  function width() {
    return Math.max(300, target.clientWidth);
  }
  const chart = new uPlot({
    width: width(),
    height: 300,
    scales: { x: { time: false, range: [0.5, ranks.length + 0.5] } },
    series: [
      { label: "Table", value: function (u, rank) { return rank == null ? "" : names[rank - 1]; } },
      { label: "Reads", fill: "#0a4fb4", stroke: "#0a4fb4", paths: uPlot.paths.bars({ size: [0.7, 60] }), points: { show: false } }
    ],
    axes: [
      { stroke: "#1b1f24", splits: function () { return ranks; }, values: function (u, splits) { return splits.map(String); } },
      { stroke: "#1b1f24" }
    ],
    legend: { live: true }
  }, [ranks, reads], target);
  window.addEventListener("resize", function () {
    chart.setSize({ width: width(), height: 300 });
  });
})();
