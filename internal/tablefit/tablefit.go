// Package tablefit fits text for people into a terminal's width: it wraps the long text columns of a table
// at spaces, lays a table out as vertical records when even wrapping cannot fit it, and wraps "label: value"
// lines under their value. Text is measured as termtext.Width measures it, grapheme by grapheme (a wide
// character or an emoji sequence counts 2), as internal/twtable draws it, so a fitted table is exactly as
// wide as planned. Words are never broken, so tile notation stays whole, and a cell without letters
// ("+36 = 36") is not wrapped at all. The fitted cells are then drawn by tablewriter (internal/twtable).
//
// tablewriter's own fitting (WithMaxWidth with WithRowAutoWrap) does not serve here, as tried on mjref's
// tables: it gives every column an equal share of the width (MaxWidth / columns), so at 80 columns `rules
// list`'s description wraps to 18 columns, six lines a ruleset, with 24 columns of the terminal unused, and
// short labels wrap that need not ("Seat" / "wind" in a score table at 60 columns); a word longer than its
// share is left whole and the table overflows the width anyway (the score table at 60 came out 65 wide),
// unless wrapping breaks words (WrapBreak: "seat-wi↩nd", tile notation cut) or truncates them
// (WrapTruncate: "Prevai…", the item lost); and it has no record layout for a table that cannot fit. The
// fitted output is what the README's COLUMNS=80 examples and the testscripts show, so tablefit chooses the
// widths (the column whose narrowing costs the fewest lines first) and tablewriter only draws them.
package tablefit

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mjref/mjref/internal/asciitable"
	"github.com/mjref/mjref/internal/termtext"
)

// Width returns the number of terminal columns s takes.
func Width(s string) int { return asciitable.Width(s) }

// Border is the number of columns a bordered table of n columns adds to its cells: "| a | b |".
func Border(n int) int { return 3*n + 1 }

// maxLinesPerRow is the most lines a fitted table's rows may take on average; taller, they are records.
const maxLinesPerRow = 4

// minValueWidth is the narrowest value column a vertical record is given, however narrow the terminal.
const minValueWidth = 16

// Fit returns header and rows with the cells of long text columns wrapped (lines joined by "\n") so that a
// bordered table of them is at most width columns wide, and true. It returns false when the table cannot fit
// even with every column wrapped down to its longest word, or when its rows would take more than
// maxLinesPerRow lines on average (records read better then); width <= 0 means no limit. The inputs are not
// changed.
func Fit(header []string, rows [][]string, width int) ([]string, [][]string, bool) {
	n := len(header)
	for _, r := range rows {
		n = max(n, len(r))
	}
	if width <= 0 || n == 0 {
		return header, rows, true
	}
	natural := make([]int, n) // the widest line of each column
	least := make([]int, n)   // the longest word of each column: it cannot be narrower
	measure := func(cells []string) {
		for i, c := range cells {
			for _, line := range strings.Split(c, "\n") {
				natural[i] = max(natural[i], Width(line))
				if !strings.ContainsFunc(line, unicode.IsLetter) {
					least[i] = max(least[i], Width(line)) // figures, "+36 = 36": kept whole
					continue
				}
				for _, word := range strings.Fields(line) {
					least[i] = max(least[i], Width(word))
				}
			}
		}
	}
	measure(header)
	for _, r := range rows {
		measure(r)
	}
	avail := width - Border(n)
	total, floor := 0, 0
	for i := range n {
		total += natural[i]
		floor += least[i]
	}
	if total <= avail {
		return header, rows, true
	}
	if floor > avail {
		return header, rows, false
	}
	// Take one column at a time from the column that costs the fewest extra lines of table, then the one
	// that wraps the fewest cells, then the widest: long prose wraps before short labels do.
	all := append([][]string{header}, rows...)
	cellLines := func(i, w int) []int { // the lines each row's cell i takes at width w
		out := make([]int, len(all))
		for k, r := range all {
			if i < len(r) {
				for _, line := range strings.Split(r[i], "\n") {
					out[k] += len(Wrap(line, w))
				}
			}
		}
		return out
	}
	widths := append([]int(nil), natural...)
	lines := make([][]int, n)
	for i := range n {
		lines[i] = cellLines(i, widths[i])
	}
	// cost is the table's height in lines and then the number of cells that wrap, had column skip the
	// lines alt.
	cost := func(skip int, alt []int) (height, wrapped int) {
		for k := range all {
			rowH := 1
			for i := range n {
				l := lines[i][k]
				if i == skip {
					l = alt[k]
				}
				rowH = max(rowH, l)
				if l > 1 {
					wrapped++
				}
			}
			height += rowH
		}
		return height, wrapped
	}
	for total > avail {
		best, bestH, bestW := -1, 0, 0
		var bestLines []int
		for i := range n {
			if widths[i] <= least[i] {
				continue
			}
			alt := cellLines(i, widths[i]-1)
			h, wr := cost(i, alt)
			if best < 0 || h < bestH || (h == bestH && (wr < bestW || wr == bestW && widths[i] > widths[best])) {
				best, bestH, bestW, bestLines = i, h, wr, alt
			}
		}
		widths[best]--
		lines[best] = bestLines
		total--
	}
	if h, _ := cost(-1, nil); len(rows) > 0 && h-lines0(header, lines) > maxLinesPerRow*len(rows) {
		return header, rows, false // rows this tall read better as records
	}
	wrapRow := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			if Width(c) <= widths[i] && !strings.Contains(c, "\n") {
				out[i] = c
				continue
			}
			var lines []string
			for _, line := range strings.Split(c, "\n") {
				lines = append(lines, Wrap(line, widths[i])...)
			}
			out[i] = strings.Join(lines, "\n")
		}
		return out
	}
	fitted := make([][]string, len(rows))
	for k, r := range rows {
		fitted[k] = wrapRow(r)
	}
	return wrapRow(header), fitted, true
}

// lines0 is the height of the header row.
func lines0(header []string, lines [][]int) int {
	h := 1
	for i := range header {
		h = max(h, lines[i][0])
	}
	return h
}

// Vertical writes each row as a record, a rule "-[ N ]---" and then one "name | value" line per column with
// values wrapped to the width, the layout psql calls expanded: for tables too wide to wrap.
func Vertical(w io.Writer, header []string, rows [][]string, width int) error {
	label := 0
	for _, h := range header {
		label = max(label, Width(h))
	}
	valueWidth := max(width-label-3, minValueWidth)
	longest := 0
	for _, r := range rows {
		for _, c := range r {
			for _, line := range strings.Split(c, "\n") {
				for _, l := range Wrap(line, valueWidth) {
					longest = max(longest, Width(l))
				}
			}
		}
	}
	var b strings.Builder
	for k, r := range rows {
		rule := fmt.Sprintf("-[ %d ]", k+1)
		b.WriteString(rule)
		b.WriteString(strings.Repeat("-", max(0, label+3+longest-Width(rule))))
		b.WriteByte('\n')
		for i, c := range r {
			name := ""
			if i < len(header) {
				name = header[i]
			}
			var lines []string
			for _, line := range strings.Split(c, "\n") {
				lines = append(lines, Wrap(line, valueWidth)...)
			}
			for j, line := range lines {
				if j > 0 {
					name = ""
				}
				b.WriteString(name)
				b.WriteString(strings.Repeat(" ", label-Width(name)))
				b.WriteString(" |")
				if line != "" {
					b.WriteByte(' ')
					b.WriteString(line)
				}
				b.WriteByte('\n')
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Wrap breaks s into lines of at most width columns at spaces, dropping the spaces at each break; a word
// wider than width is cut. Runs of spaces within a line are kept. An empty s is one empty line.
func Wrap(s string, width int) []string {
	if width <= 0 || Width(s) <= width {
		return []string{s}
	}
	var lines []string
	var cur strings.Builder
	curW := 0
	emit := func() {
		lines = append(lines, cur.String())
		cur.Reset()
		curW = 0
	}
	gap := 0 // spaces between the text so far and the next word
	for i, word := range strings.Split(s, " ") {
		if i > 0 {
			gap++
		}
		if word == "" {
			continue
		}
		ww := Width(word)
		if curW > 0 && curW+gap+ww > width {
			emit()
		}
		if curW == 0 && len(lines) > 0 {
			gap = 0 // no spaces at the start of a continued line
		}
		for curW+gap+ww > width { // a word no line can hold: cut it
			head := cutWidth(word, width-curW-gap)
			if head == "" {
				if curW+gap > 0 {
					emit()
					gap = 0
					continue
				}
				_, size := utf8.DecodeRuneInString(word)
				head = word[:size] // one character wider than the width: it still goes out
			}
			cur.WriteString(strings.Repeat(" ", gap))
			cur.WriteString(head)
			emit()
			gap = 0
			word = word[len(head):]
			ww = Width(word)
		}
		cur.WriteString(strings.Repeat(" ", gap))
		cur.WriteString(word)
		curW += gap + ww
		gap = 0
	}
	if curW > 0 || len(lines) == 0 {
		emit()
	}
	return lines
}

// cutWidth returns the longest prefix of s at most width columns wide, whole graphemes only.
func cutWidth(s string, width int) string { return termtext.CutWidth(s, width) }

// labelLine matches a line of the form "label:   value" that mjref prints above and below its tables, and
// the "mjref: error: " lines of messages. The value is wrapped under itself.
var labelLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:mjref: [a-z]+: |[\p{L}\p{Han}][\p{L}\p{Han}0-9 ]{0,11}: +)`)
}) // compiled when first needed, not at every start

// Reflow wraps a "label: value" line wider than width with its later lines indented under the value (or
// under the label when the label takes more than half the width). Any other line is returned as it is:
// table lines, file contents, CSV and JSON are never reflowed.
func Reflow(line string, width int) []string {
	if width <= 0 || Width(line) <= width {
		return []string{line}
	}
	m := labelLine().FindString(line)
	if m == "" {
		return []string{line}
	}
	indent := Width(m)
	if indent > width/2 {
		indent = 2
	}
	value := line[len(m):]
	first := Wrap(value, width-Width(m))
	rest := strings.Join(first[1:], " ")
	out := []string{m + first[0]}
	if rest != "" {
		for _, l := range Wrap(rest, width-indent) {
			out = append(out, strings.Repeat(" ", indent)+l)
		}
	}
	return out
}
