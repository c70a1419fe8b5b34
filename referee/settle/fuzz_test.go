package settle

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// FuzzTableRows feeds table row keys ("3", "4-6", "10+") to the table parser through Validate. A table
// that validates must pay every faan from its first row up, never less for more faan.
func FuzzTableRows(f *testing.F) {
	for i, s := range []string{"0 1 2 3 4-6 7-9 10+", "0 1 2 3 4 5 6 7 8 9 10", "3 4 5+", "0-4 3", "x", "10+ 11", "5-3", "-1", "1000+", "0 2"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, keys string, beyond uint8) {
		points := map[string]Amount{}
		for i, k := range strings.Fields(keys) {
			points[k] = Points(int64(i + 1))
		}
		// beyond: 0 none given, 1 none, 2 and 3 double every 1 or 2 faan, 4 add 3 points, else double every beyond%8.
		var p *Progression
		switch beyond % 8 {
		case 0:
		case 1:
			p = &Progression{None: true}
		case 4:
			p = &Progression{Add: Points(3)}
		default:
			p = &Progression{DoubleEvery: int(beyond%8) - 1}
		}
		r := &Rules{
			Table:    "t",
			SelfDraw: "s",
			Discard:  "d",
			Cases:    map[string]*Case{"s": {Each: Unit}, "d": {Discarder: 3 * Unit}},
			Tables:   map[string]*Table{"t": {Points: points, Beyond: p}},
		}
		if err := r.Validate(); err != nil {
			if _, ok := err.(*scoring.RuleError); !ok {
				t.Fatalf("Validate returned %T %v, want *scoring.RuleError", err, err)
			}
			return
		}
		rows, _ := r.Tables["t"].rowsOf(nil)
		top := rows[len(rows)-1].hi // a table without beyond: pays up to its top row
		if top < 0 || p.continues() {
			top = rows[0].lo + 60
		}
		prev := Amount(-1)
		for faan := rows[0].lo; faan <= top; faan++ {
			res, err := Settle(r, Input{Kind: scoring.SelfDraw, Winners: []Winner{NewWinner(notation.SeatEast, faan)}})
			if errors.Is(err, ErrPrecision) && faan > rows[len(rows)-1].lo {
				break // a progression past what an Amount holds is refused, never rounded
			}
			if err != nil {
				t.Fatalf("%d faan on a valid table %q: %v", faan, keys, err)
			}
			got := res.Deltas[notation.SeatEast]
			if got < prev {
				t.Fatalf("%d faan pays %s, less than %s for one faan fewer (%q)", faan, got, prev, keys)
			}
			prev = got
		}
	})
}
