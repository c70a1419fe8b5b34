package referee_test

import (
	"testing"

	amfamily "github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
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
			case hongkong.ID:
				deps = referee.HK(hongkong.Rules(rs), rs.Settlement, rs.Referee)
			case amfamily.ID:
				deps = referee.American(amfamily.Card(rs), amfamily.Rules(rs), rs.Settlement, rs.Referee)
			default:
				deps = referee.DeBurger(deburger.Rules(rs), rs.Referee)
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
