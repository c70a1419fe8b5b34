package hk

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// SetCheckStepLimit sets the matching steps checking house hands may take and returns a function
// that restores it.
func SetCheckStepLimit(n int) (restore func()) {
	old := checkStepLimit
	checkStepLimit = n
	return func() { checkStepLimit = old }
}

// HouseStepBound is the most matching steps the ruleset's house hands take together on one reading.
func HouseStepBound(r *Rules) int { return r.table.houseSteps }

// HouseSteps scores h and returns the house-hand matching steps: in all, and on the busiest reading.
func HouseSteps(h *notation.Hand, sit scoring.Situation, r *Rules) (total, reading int, err error) {
	var st matchSteps
	_, err = score(h, sit, r, &st, nil)
	return st.total, st.reading, err
}

// CheckHouseMatch matches every pattern of the ruleset's house hands against every reading of h
// and compares the matcher with a plain search over every order of the groups: the same verdict,
// and no more steps than the pattern's bound.
func CheckHouseMatch(r *Rules, h *notation.Hand, discardWin bool) error {
	var dc scoring.Decomposer
	opt := scoring.DecomposeOptions{SevenPairs: r.table.on(idSevenPairs), SevenPairsRepeated: r.SevenPairsRepeated, DiscardWin: discardWin}
	for _, d := range dc.Readings(h, opt) {
		var us units
		us.read(&d)
		for _, hh := range r.table.house {
			for _, p := range hh.pats {
				steps := 0
				got := p.holds(&us, hh.whole, &steps)
				want := us.pairs >= p.pairs && us.chows >= p.chows && us.pongs >= p.pongs && us.kongs >= p.kongs &&
					us.hide >= p.hidden && (!hh.whole || int(us.n) == len(p.groups)) && naiveMatch(&p, &us, 0, binding{})
				if got != want {
					return fmt.Errorf("%s: pattern %q on reading %s: matched %v, every order of the groups says %v", hh.id, p.text, d.String(), got, want)
				}
				if steps > p.steps {
					return fmt.Errorf("%s: pattern %q on reading %s: %d steps, bound %d", hh.id, p.text, d.String(), steps, p.steps)
				}
			}
		}
	}
	return nil
}

// naiveMatch is the matcher without its shortcuts: every group against every free unit.
func naiveMatch(p *hpattern, us *units, g int, b binding) bool {
	if g == len(p.groups) {
		return true
	}
	grp := &p.groups[g]
	for k := range grp.alts {
		a := &grp.alts[k]
		for i := range us.n {
			u := &us.u[i]
			if b.used&(1<<i) != 0 || !fits(a.shape, u.shape) || (grp.concealed && !u.concealed) {
				continue
			}
			nb := b
			if a.unify(u.tile, &nb) {
				nb.used |= 1 << i
				if naiveMatch(p, us, g+1, nb) {
					return true
				}
			}
		}
	}
	return false
}
