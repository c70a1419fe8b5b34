package scoring

import "fmt"

// TieRule says who wins a race to a target (DeBurger's race, a ledger's flow) when two or more
// players reach the target on the same hand with the same, highest total. A single highest total
// always wins.
type TieRule uint8

// Tie rules.
const (
	// TiesPlayOn plays further hands until one player's total is highest alone.
	TiesPlayOn TieRule = iota + 1
	// TiesShared makes every tied player a winner.
	TiesShared
	// TiesMahjong gives the game to the tied player who went Mahjong on that hand, else plays on.
	TiesMahjong
)

var tieNames = [...]string{"", "play-on", "shared", "mahjong"}

// String returns "play-on", "shared" or "mahjong".
func (t TieRule) String() string {
	if int(t) < len(tieNames) && tieNames[t] != "" {
		return tieNames[t]
	}
	return "unset"
}

// MarshalText implements encoding.TextMarshaler.
func (t TieRule) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "play-on", "shared" or "mahjong".
func (t *TieRule) UnmarshalText(b []byte) error {
	for i, n := range tieNames {
		if n != "" && n == string(b) {
			*t = TieRule(i)
			return nil
		}
	}
	*t = 0
	return fmt.Errorf("unknown ties %q: expected play-on or shared or mahjong", b)
}
