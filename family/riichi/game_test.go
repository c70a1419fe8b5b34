package riichi_test

import (
	"slices"
	"testing"

	_ "github.com/mjref/mjref/engine" // registers the families
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/rulesets"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// TestPlayRulesExplained checks that every rule id scoring/riichi's play checks cite is one the
// referee knows and the riichi ruleset names and states, so a ruling on a game's step always
// cites its ruleset line.
func TestPlayRulesExplained(t *testing.T) {
	rs, err := rulesets.Load("riichi")
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{rscore.PlayTileInHand, rscore.PlayChowFromLeft, rscore.PlayChowShape, rscore.PlayPong, rscore.PlayKong,
		rscore.PlayAddKong, rscore.PlayConcealed, rscore.PlayRobKong, rscore.PlayRobConcealed, rscore.PlayRiichi,
		rscore.PlayRiichiLocked, rscore.PlayFuriten, rscore.PlayHaitei, rscore.PlayKanDora, rscore.PlayWin,
		rscore.PlayWallEnd, rscore.PlayNoChiThree, "draw", "discard", "kong-replacement", "turn-order", "claim-tile"}
	for _, id := range ids {
		if !slices.Contains(gamerules.RuleIDs, id) {
			t.Errorf("rule %q is not among gamerules.RuleIDs", id)
		}
		d := rs.Referee.Explain[id]
		if d == nil || d.Source.Line == 0 {
			t.Errorf("rule %q: the riichi ruleset does not explain it with its line (%+v)", id, d)
		}
	}
}
