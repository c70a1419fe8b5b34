package referee_test

import (
	"testing"

	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
)

// A log that starts mid-hand with claims, before anything is discarded, is ruled illegal by every
// family's flow; it once crashed the American replay (a claims event has no seat).
func TestMidHandLogStartingWithClaims(t *testing.T) {
	for _, name := range []string{"hk", "american", "deburger-2026"} {
		t.Run(name, func(t *testing.T) {
			rs, err := rulesets.Load(name)
			if err != nil {
				t.Fatal(err)
			}
			var deps referee.Deps
			switch rs.Family {
			case rulesets.FamilyHK:
				deps = referee.HK(rs.HK, rs.Settlement, rs.Referee)
			case rulesets.FamilyAmerican:
				card, err := rulesets.LoadCard(rs.American.Card)
				if err != nil {
					t.Fatal(err)
				}
				deps = referee.American(card, rs.American, rs.Settlement, rs.Referee)
			default:
				deps = referee.DeBurger(rs.DeBurger, rs.Referee)
			}
			lg, err := referee.ReadLog([]byte("ruleset: " + name + "\ndealer: E\nstart: {}\nevents:\n  - claims: [W pong 5p]\n"))
			if err != nil {
				t.Fatal(err)
			}
			rep := replay(t, lg, deps)
			if rep.Legal() {
				t.Errorf("a claim with nothing discarded was ruled legal: %+v", rep.Rulings)
			}
		})
	}
}
