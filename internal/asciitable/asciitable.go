// Package asciitable draws, by hand, the tables of a batch's lines ('mjref score -', waits -, parse -,
// closest - in table format): the bytes tablewriter draws with StyleASCII, a header row as written and
// no wrapping, which is how internal/twtable draws every other table (its tests check the two agree,
// and this package's test checks it against tablewriter itself). It is kept for that one path because
// a reused tablewriter table costs 30-60 times its CPU a table: 'go test ./internal/twtable -run -
// -bench ScoreTable -benchmem -cpu 1', a scored hand's table (5 rows, 6 columns), 165-519 µs and 1,243
// allocations with tablewriter against 4.5-17 µs and none here (2 cores at load 10-20); and
// 'go test ./cmd -run XXX -bench BatchScoreHKTable -benchtime 2x -cpu 1' scored about 8,600-12,600
// hands per CPU-second with tablewriter drawing them against 77,000-79,000 with this package (CPU time
// of the run, three interleaved pairs), short of the batch's 50,000 hands a second on one core.
package asciitable

import (
	"io"
	"strings"

	"github.com/mjref/mjref/internal/termtext"
)

// Write draws rows under header to w. Cells are trimmed of surrounding white space; a cell with line
// breaks takes a line of the table for each of its lines; a short row is padded with empty cells.
func Write(w io.Writer, header []string, rows [][]string) error {
	b := Append(nil, header, rows)
	_, err := w.Write(b)
	return err
}

// Append draws the table as Write does, appending it to b.
func Append(b []byte, header []string, rows [][]string) []byte {
	cols := len(header)
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return b
	}
	var stack [16]int
	widths := stack[:0]
	if cols > len(stack) {
		widths = make([]int, 0, cols)
	}
	widths = widths[:cols]
	for i := range widths {
		widths[i] = 0
	}
	measure(widths, header)
	for _, r := range rows {
		measure(widths, r)
	}
	start := len(b)
	b = rule(b, widths)
	border := b[start:] // drawn once, copied for the other two
	if len(header) > 0 {
		b = row(b, widths, header)
		b = append(b, border...)
	}
	for _, r := range rows {
		b = row(b, widths, r)
	}
	if len(rows) > 0 || len(header) == 0 {
		b = append(b, b[start:start+len(border)]...)
	}
	return b
}

// measure widens widths to fit each line of each cell of r.
func measure(widths []int, r []string) {
	for i, c := range r {
		c = strings.TrimSpace(c)
		for {
			line, rest, more := strings.Cut(c, "\n")
			widths[i] = max(widths[i], Width(line))
			if !more {
				break
			}
			c = rest
		}
	}
}

// rule is a border line: +-----+----+.
func rule(b []byte, widths []int) []byte {
	b = append(b, '+')
	for _, w := range widths {
		for range w + 2 {
			b = append(b, '-')
		}
		b = append(b, '+')
	}
	return append(b, '\n')
}

// row draws one row of cells, as many table lines as its tallest cell has lines.
func row(b []byte, widths []int, cells []string) []byte {
	height := 1
	for _, c := range cells {
		height = max(height, strings.Count(strings.TrimSpace(c), "\n")+1)
	}
	for line := range height {
		b = append(b, '|')
		for i, w := range widths {
			text := ""
			if i < len(cells) {
				text = nthLine(strings.TrimSpace(cells[i]), line)
			}
			b = append(b, ' ')
			b = append(b, text...)
			b = appendSpaces(b, w-Width(text)+1)
			b = append(b, '|')
		}
		b = append(b, '\n')
	}
	return b
}

const spaces = "                                                                "

// appendSpaces appends n spaces.
func appendSpaces(b []byte, n int) []byte {
	for n > len(spaces) {
		b = append(b, spaces...)
		n -= len(spaces)
	}
	return append(b, spaces[:max(n, 0)]...)
}

// nthLine returns line n of s (counting from 0), or "" when s has fewer lines.
func nthLine(s string, n int) string {
	for ; n > 0; n-- {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return ""
		}
		s = s[i+1:]
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Width is the number of terminal columns s takes (see termtext.Width: grapheme by grapheme).
func Width(s string) int { return termtext.Width(s) }
