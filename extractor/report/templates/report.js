(function () {
  "use strict";
  // Sorting, filtering and paging of the report's tables. Only moves and hides rows
  // the page already has; never writes HTML.
  var PAGE = 100;
  document.documentElement.classList.add("js");
  function key(cell, numeric) {
    var raw = cell.getAttribute("data-sort");
    var s = raw === null ? cell.textContent.trim() : raw;
    if (!numeric) { return s.toLowerCase(); }
    var x = parseFloat(s.replace(/,/g, ""));  // 480,000,000,000
    return isNaN(x) ? -Infinity : x;
  }
  function setUp(box) {
    var table = box.querySelector("table.data");
    var tbody = table.tBodies[0];
    var input = box.querySelector("input.filter");
    var more = box.querySelector("button.more");
    var count = box.querySelector(".count");
    var limit = PAGE, query = "";
    function apply() {
      var rows = tbody.rows, shown = 0, matched = 0;
      for (var i = 0; i < rows.length; i++) {
        var ok = !query || rows[i].textContent.toLowerCase().indexOf(query) >= 0;
        if (ok) { matched++; }
        rows[i].hidden = !(ok && matched <= limit);
        if (!rows[i].hidden) { shown++; }
      }
      count.textContent = shown + " of " + matched + (query ? " matching" : "") + " rows shown";
      more.hidden = matched <= limit;
    }
    box.filterBy = function (text) {
      input.value = text; query = text.toLowerCase(); limit = PAGE; apply();
    };
    box.reveal = function (row) {
      if (row.hidden) { query = ""; input.value = ""; limit = tbody.rows.length; apply(); }
    };
    input.hidden = false;
    input.addEventListener("input", function () {
      query = input.value.trim().toLowerCase(); limit = PAGE; apply();
    });
    more.addEventListener("click", function () { limit += 5 * PAGE; apply(); });
    var ths = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(ths, function (th, col) {
      var button = th.querySelector("button.sort");
      var numeric = th.classList.contains("num"), dir = 1;
      button.addEventListener("click", function () {
        var rows = Array.prototype.slice.call(tbody.rows);
        rows.sort(function (a, b) {
          var x = key(a.cells[col], numeric), y = key(b.cells[col], numeric);
          return (x < y ? -1 : x > y ? 1 : 0) * dir;
        });
        rows.forEach(function (r) { tbody.appendChild(r); });
        dir = -dir; limit = PAGE; apply();
      });
    });
    apply();
  }
  Array.prototype.forEach.call(document.querySelectorAll(".tablebox"), setUp);
  Array.prototype.forEach.call(document.querySelectorAll("a[data-filter]"), function (a) {
    a.addEventListener("click", function () {
      var box = document.getElementById(a.getAttribute("data-box"));
      if (box && box.filterBy) { box.filterBy(a.getAttribute("data-filter")); }
    });
  });
  function reveal() {
    var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (el && el.hidden) {
      var box = el.closest(".tablebox");
      if (box && box.reveal) { box.reveal(el); el.scrollIntoView(); }
    }
  }
  window.addEventListener("hashchange", reveal);
  reveal();
}());
