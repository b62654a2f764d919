
(function () {
  'use strict';
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };
  var value = function (cell, numeric) {
    var s = cell.textContent;
    if (!numeric) return s.toLowerCase();
    var n = parseFloat(s.replace(/[^0-9.\-]/g, ''));
    return isNaN(n) ? -Infinity : n;
  };
  var sortBy = function (table, col, descending) {
    var body = table.tBodies[0];
    var head = table.tHead.rows[0].cells;
    var numeric = head[col].classList.contains('n');
    var rows = Array.prototype.slice.call(body.rows).map(function (r, i) {
      return { row: r, key: value(r.cells[col], numeric), i: i };
    });
    rows.sort(function (a, b) {
      var c = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      return (descending ? -c : c) || a.i - b.i;
    });
    each(head, function (th) { th.removeAttribute('aria-sort'); });
    head[col].setAttribute('aria-sort', descending ? 'descending' : 'ascending');
    each(rows, function (r) { body.appendChild(r.row); });
  };
  var filter = function (table, input, q) {
    input.value = q;
    q = q.toLowerCase();
    each(table.tBodies[0].rows, function (r) {
      r.hidden = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0;
    });
  };
  var inputs = {};
  each(document.querySelectorAll('table.data'), function (table) {
    each(table.tHead.rows[0].cells, function (th, col) {
      var b = document.createElement('button');
      b.type = 'button';
      while (th.firstChild) b.appendChild(th.firstChild);
      th.appendChild(b);
      b.addEventListener('click', function () {
        var numeric = th.classList.contains('n');
        var now = th.getAttribute('aria-sort');
        sortBy(table, col, now ? now === 'ascending' : numeric);
      });
    });
    var input = document.createElement('input');
    input.type = 'search';
    input.className = 'filter';
    input.placeholder = 'Filter rows';
    input.setAttribute('aria-label', 'Filter the rows of ' + table.id.slice(2));
    input.addEventListener('input', function () { filter(table, input, input.value); });
    table.parentNode.parentNode.insertBefore(input, table.parentNode);
    inputs[table.id] = input;
  });
  each(location.hash.slice(1).split('&'), function (part) {
    var kv = part.split('='), arg = decodeURIComponent(kv.slice(1).join('=')).split(':');
    var table = document.getElementById('t-' + arg[0]);
    if (!table) return;
    if (kv[0] === 'sort' && table.tHead.rows[0].cells[+arg[1]]) {
      sortBy(table, +arg[1], arg[2] === 'desc');
    } else if (kv[0] === 'q') {
      filter(table, inputs[table.id], arg.slice(1).join(':'));
    }
  });
  document.documentElement.setAttribute('data-script', 'ran');
})();
