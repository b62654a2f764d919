
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
  var grouped = function (n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); };
  /* A row's text: every cell's, folded names included, one line each (a query does not
     match across two cells). */
  var text = function (row) {
    return Array.prototype.map.call(row.cells, function (c) {
      return c.textContent.toLowerCase();
    }).join('\n');
  };
  var filter = function (table, box, q) {
    box.input.value = q;
    q = q.toLowerCase();
    var rows = table.tBodies[0].rows, shown = 0;
    each(rows, function (r) {
      r.hidden = q !== '' && text(r).indexOf(q) < 0;
      if (!r.hidden) shown += 1;
      /* Folded names that match are unfolded, so the reader sees why the row is there. */
      each(r.querySelectorAll('details'), function (d) {
        d.open = q !== '' && d.textContent.toLowerCase().indexOf(q) >= 0;
      });
    });
    var more = +(table.getAttribute('data-more') || 0);
    box.count.textContent = q === '' ? '' : shown + ' of ' + grouped(rows.length) + ' rows' +
      (more > 0 ? ' (' + grouped(more) + ' more are not on this page, so not searched)' : '');
  };
  var boxes = {};
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
    var count = document.createElement('span');
    count.className = 'count';
    count.setAttribute('aria-live', 'polite');
    var box = { input: input, count: count };
    input.addEventListener('input', function () { filter(table, box, input.value); });
    table.parentNode.parentNode.insertBefore(input, table.parentNode);
    table.parentNode.parentNode.insertBefore(count, table.parentNode);
    boxes[table.id] = box;
  });
  each(location.hash.slice(1).split('&'), function (part) {
    var kv = part.split('='), arg = decodeURIComponent(kv.slice(1).join('=')).split(':');
    var table = document.getElementById('t-' + arg[0]);
    if (!table) return;
    if (kv[0] === 'sort' && table.tHead.rows[0].cells[+arg[1]]) {
      sortBy(table, +arg[1], arg[2] === 'desc');
    } else if (kv[0] === 'q') {
      filter(table, boxes[table.id], arg.slice(1).join(':'));
    }
  });
  document.documentElement.setAttribute('data-script', 'ran');
})();
