package riichi

import "fmt"

// This file is the play's rules, as checks a referee calls on each step of a hand: who may call
// what, when riichi may be declared, when a win is furiten and when the wall ends. They know only
// tiles, counts and the wall; the referee replaying a log (mjref's own event log, or a Tenhou or
// mjai game) keeps the hands and calls them. Each check returns nil, or a *PlayError naming its
// rule id (package referee's riichi ids: RuleRiichi and friends there) and the reason.

// PlayError is a step the play's rules do not allow.
type PlayError struct {
	// Rule is the id of the rule broken ("riichi", "furiten", "chow-shape"...).
	Rule   string
	Reason string
}

func (e *PlayError) Error() string { return e.Reason }

func playErr(rule, format string, args ...any) *PlayError {
	return &PlayError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// The rule ids the checks cite; package referee lists them among the rules a ruling can cite.
const (
	PlayTileInHand    = "tile-in-hand"       // a discarded or melded tile is in the hand
	PlayChowFromLeft  = "chow-from-left"     // a chi only on the discard of the player before you
	PlayChowShape     = "chow-shape"         // a chi is three in a row in one suit
	PlayPong          = "pong"               // a pon takes a discard with two of it in the hand
	PlayKong          = "kong"               // an open kan takes a discard with three of it in the hand
	PlayAddKong       = "add-kong"           // the fourth tile on your own pon
	PlayConcealed     = "concealed-kong"     // four of a tile from the hand
	PlayRobKong       = "rob-kong"           // chankan: a ron on the tile added to a pon
	PlayRobConcealed  = "rob-concealed-kong" // a concealed kan is robbed only for kokushi
	PlayRiichi        = "riichi"             // closed, ready, 1,000 points and four tiles left
	PlayRiichiLocked  = "riichi-discard"     // after riichi the drawn tile is discarded
	PlayFuriten       = "furiten"            // no ron while a wait is among your own discards
	PlayFuritenTemp   = "temporary-furiten"  // no ron on a wait passed since your last discard
	PlayFuritenRiichi = "riichi-furiten"     // no ron once a wait is passed after riichi
	PlayHaitei        = "haitei"             // the last tile: no call or kan on it
	PlayKanDora       = "kan-dora"           // each kan shows a new indicator (open ones after the discard)
	PlayWin           = "win"                // a win is a complete hand
	PlayWallEnd       = "wall-exhausted"     // no draw once the live wall is empty
	PlayNoChiThree    = "no-chi-three"       // three players: no chi
)

// RiichiPoints is what a riichi stick costs: a player with fewer points may not declare.
const RiichiPoints = 1000

// RiichiWall is the live tiles that must be left to draw for riichi to be declared (Tenhou:
// four, so the declarer has one more draw).
const RiichiWall = 4

// CheckChi checks a chi of the discard called, making low, low+1, low+2, from a hand holding
// hand (before the call); left says the discard is the player before the caller's.
func CheckChi(hand Counts, called, low Tile, left bool) error {
	switch {
	case !left:
		return playErr(PlayChowFromLeft, "a chi takes only the discard of the player before you")
	case low.Suit() > 2 || low.Rank() > 7 || called < low || called > low+2:
		return playErr(PlayChowShape, "a chi is three in a row in one suit with the discard")
	}
	for t := low; t <= low+2; t++ {
		if t != called && hand[t] == 0 {
			return playErr(PlayTileInHand, "a chi of %s needs %s in the hand", called, t)
		}
	}
	return nil
}

// CheckPon checks a pon of the discard t: two of it in the hand.
func CheckPon(hand Counts, t Tile) error {
	if hand[t] < 2 {
		return playErr(PlayPong, "a pon of %s needs two %s in the hand, and it holds %d", t, t, hand[t])
	}
	return nil
}

// CheckOpenKan checks an open kan of the discard t: three of it in the hand.
func CheckOpenKan(hand Counts, t Tile) error {
	if hand[t] < 3 {
		return playErr(PlayKong, "an open kan of %s needs three %s in the hand, and it holds %d", t, t, hand[t])
	}
	return nil
}

// CheckClosedKan checks a concealed kan of t: four of it in the hand.
func CheckClosedKan(hand Counts, t Tile) error {
	if hand[t] < 4 {
		return playErr(PlayConcealed, "a concealed kan of %s needs four in the hand, and it holds %d", t, hand[t])
	}
	return nil
}

// CheckAddedKan checks the fourth t added to a pon: hasPon says the caller's melds hold a pon of t.
func CheckAddedKan(hand Counts, t Tile, hasPon bool) error {
	switch {
	case !hasPon:
		return playErr(PlayAddKong, "an added kan of %s needs a pon of it", t)
	case hand[t] == 0:
		return playErr(PlayTileInHand, "an added kan of %s needs the %s in the hand", t, t)
	}
	return nil
}

// Ready says whether concealed counts c (3k+1 tiles) beside melds declared sets wait on some
// tile, and which (Waits).
func Ready(c Counts, melds int) (waits uint64, ok bool) {
	w := Waits(c, melds)
	return w, w != 0
}

// Furiten checks a ron by a hand waiting on waits (every tile that completes its shape, with a
// yaku or not, as Tenhou counts them): furiten (PlayFuriten) when a wait is among the player's
// own discards (discarded); riichi furiten (PlayFuritenRiichi, for the rest of the hand) when the
// player passed a wait since declaring riichi (passedRiichi); temporary furiten
// (PlayFuritenTemp, until the player's next discard) when they passed one since their last
// discard (passedTurn). The three are the tiles, a bit per kind. A self-draw is never furiten.
func Furiten(waits, discarded, passedTurn, passedRiichi uint64) error {
	switch {
	case waits&discarded != 0:
		return playErr(PlayFuriten, "furiten: the player discarded %s, which the hand waits on", firstTile(waits&discarded))
	case waits&passedRiichi != 0:
		return playErr(PlayFuritenRiichi, "riichi furiten: the player passed %s, which the hand waits on, after declaring riichi", firstTile(waits&passedRiichi))
	case waits&passedTurn != 0:
		return playErr(PlayFuritenTemp, "temporary furiten: the player passed %s, which the hand waits on, since their last discard", firstTile(waits&passedTurn))
	}
	return nil
}

func firstTile(set uint64) Tile {
	for t := Tile(0); t < NumKinds; t++ {
		if set&(1<<t) != 0 {
			return t
		}
	}
	return 0
}
