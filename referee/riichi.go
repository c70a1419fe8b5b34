package referee

// The riichi play's rules a ruling can cite (listed in gamerules.RuleIDs) besides the common ones
// (tile-in-hand, chow-from-left, chow-shape, pong, kong, add-kong, concealed-kong, rob-kong, rob-concealed-kong, win,
// wall-exhausted, turn-order): package scoring/riichi checks them (riichi.CheckChi, riichi.Ready, riichi.Furiten
// and friends) for every riichi replay, mjref's own event log or a Tenhou or mjai game.
const (
	RuleRiichi        = "riichi"            // closed, ready, 1,000 points for the stick and four tiles left
	RuleRiichiDiscard = "riichi-discard"    // after riichi the drawn tile is discarded
	RuleFuriten       = "furiten"           // no ron while a wait is among your own discards
	RuleFuritenTemp   = "temporary-furiten" // no ron on a wait passed since your last discard
	RuleFuritenRiichi = "riichi-furiten"    // no ron once a wait is passed after riichi
	RuleHaitei        = "haitei"            // the last tile: no kan on it, and its discard is taken only by a win
	RuleKanDora       = "kan-dora"          // each kan shows a new indicator: a concealed one at once, an open one after the replacement draw
	RuleNoChiThree    = "no-chi-three"      // three players: no chi
	RuleMultipleRon   = "multiple-ron"      // several rons on one discard, as many as the ruleset's multiple_ron
	RuleSanchahou     = "sanchahou"         // three rons on one discard end the hand drawn, where the ruleset says so
)
