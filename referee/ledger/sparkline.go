package ledger

import (
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/asciitable"
)

var sparks = []rune("▁▂▃▄▅▆▇█")

// Sparklines renders each player's running total as a line of block characters, at most width
// hands wide (longer games are sampled evenly, always keeping the last hand), with the total. Every
// player of the evening has a line, in order of arrival: a hand they did not play (before they sat
// down, after they left) is a space, so a seat's earlier player is not drawn under the new name.
func Sparklines(s *State, width int) string {
	n := len(s.History)
	ends := SparkBuckets(n, width)
	idx := make([]int, len(ends))
	for k, e := range ends {
		idx[k] = e - 1 // the last hand of the column's
	}
	lo, hi := Amount(0), Amount(0)
	for _, e := range s.History {
		for _, t := range e.Totals {
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	people := s.People
	if len(people) == 0 { // a state without its people (an old record): the four at the table
		for i, p := range s.Players {
			people = append(people, Person{Name: p, Place: i, Total: s.Totals[i]})
		}
	}
	rows := make([]SparkRow, len(people))
	for k, p := range people {
		rows[k] = SparkRow{Name: p.Name, Total: p.Total, Values: make([]*Amount, len(idx))}
		for c, j := range idx {
			e := &s.History[j]
			if i := slices.Index(e.Players[:], p.Name); i >= 0 {
				rows[k].Values[c] = &e.Totals[i]
			}
		}
	}
	return SparkRows(rows, lo, hi, n > 0)
}

// SparkBuckets splits n values into at most width columns of consecutive values, as evenly as
// they go, and gives the end (exclusive) of each: column k holds values ends[k-1] to ends[k]-1.
// With n at most width (or width below 1) each value is a column of its own.
func SparkBuckets(n, width int) []int {
	if n <= width || width < 1 {
		width = n
	}
	ends := make([]int, width)
	for k := range width {
		ends[k] = (k + 1) * n / width
	}
	return ends
}

// SparkRow is one line of sparklines: a name, a value a column (nil: a space, the player was not
// there) and the total printed after it.
type SparkRow struct {
	Name   string
	Values []*Amount
	Total  Amount
}

// SparkRows renders rows as Sparklines does: the names aligned (a Chinese character takes two
// columns), a block a value scaled between lo and hi, then the total (after a space with gap).
func SparkRows(rows []SparkRow, lo, hi Amount, gap bool) string {
	nameW := 0
	for _, r := range rows {
		nameW = max(nameW, asciitable.Width(r.Name))
	}
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.Name)
		b.WriteString(strings.Repeat(" ", nameW-asciitable.Width(r.Name)+1))
		for _, v := range r.Values {
			if v == nil {
				b.WriteByte(' ')
				continue
			}
			k := 0
			if hi > lo {
				k = int(int64(*v-lo) * int64(len(sparks)-1) / int64(hi-lo))
			}
			b.WriteRune(sparks[k])
		}
		if gap {
			b.WriteByte(' ')
		}
		b.WriteString(r.Total.String())
		b.WriteByte('\n')
	}
	return b.String()
}
