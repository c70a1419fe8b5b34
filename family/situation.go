package family

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Situation is the situation of a hand to score: the seats and how the last tile came, whether
// the hand is a non-winner's (DeBurger scores every player's hand; a family that scores only the
// winner does not take "loser", and the engine refuses it), and the values of the situation
// fields a family declares of its own (SituationTaker: riichi's riichi, dora, honba).
type Situation struct {
	scoring.Situation
	Loser bool
	// Extra holds the family's own situation fields given, by name: the engine refuses a field
	// the bound family does not declare, so a family reads only its own. A family reads Extra and
	// never changes it, nor the values it holds: one situation serves every line of a batch, on
	// every core at once.
	Extra Extra
}

// FieldKind is what a family's situation field holds.
type FieldKind uint8

// The kinds of situation field.
const (
	// FieldFlag is true or false: --riichi, "riichi": true.
	FieldFlag FieldKind = iota + 1
	// FieldCount is a whole number, 0 or more: --honba 2, "honba": 2.
	FieldCount
	// FieldTiles is tiles in notation: --dora 1p,3m, "dora": "1p,3m".
	FieldTiles
)

// SituationField is a situation field a family reads besides the seats, the win and the last
// tile: one line of its takes-table for scoring. The command line gives it as the flag --NAME of
// mjref score, JSON (a batch line, POST /v1/score) as the field NAME with _ for -.
type SituationField struct {
	// Name is the field's name as a flag: "double-riichi".
	Name string
	Kind FieldKind
	// Max is the most tiles a FieldTiles takes, or the largest count a FieldCount takes (0: no
	// limit), and Noun what they are ("indicators", "counters"), for the message when more are
	// given.
	Max  int
	Noun string
	// Usage says what the field is, as the flag's help shows it.
	Usage string
}

// JSONName is the field's name in JSON: its Name with _ for -.
func (f SituationField) JSONName() string { return strings.ReplaceAll(f.Name, "-", "_") }

// SituationTaker is a Family with situation fields of its own. It is asked once, when the family is
// registered, so that every door offers the fields before a ruleset is chosen.
type SituationTaker interface {
	SituationFields() []SituationField
}

// WinWord is a family's own word for how a hand was won ("tsumo", "haitei"): a win kind, and
// whether it says the tile was the last of the wall.
type WinWord struct {
	Win      scoring.WinKind
	LastTile bool
}

// WinNamer is a Family with words of its own for how a hand was won, read wherever --win is.
type WinNamer interface {
	WinWords() map[string]WinWord
}

// WinChecker is a Family that plays only some of the win kinds (scoring.WinKinds). CheckWin
// refuses the others, saying what to give instead. Its scorer refuses them when a hand is scored;
// the engine asks CheckWin wherever a win is given without a hand to score (a hand settled or
// recorded in a ledger from its worth), so that no door takes a win the family does not play.
type WinChecker interface {
	CheckWin(k scoring.WinKind) error
}

// CheckWin is f's refusal of the win k when f is a WinChecker that does not play it, and nil
// otherwise.
func CheckWin(f Family, k scoring.WinKind) error {
	if c, ok := f.(WinChecker); ok {
		return c.CheckWin(k)
	}
	return nil
}

// Extra are situation field values by name: true for a flag given, a count above 0, tiles. A field
// not given (false, 0, no tiles) is absent.
type Extra map[string]any

// Flag is the flag named: false when not given.
func (x Extra) Flag(name string) bool { b, _ := x[name].(bool); return b }

// Count is the count named: 0 when not given.
func (x Extra) Count(name string) int { n, _ := x[name].(int); return n }

// Tiles are the tiles named, in the order given: none when not given.
func (x Extra) Tiles(name string) []notation.Tile { t, _ := x[name].([]notation.Tile); return t }

// declared are the situation fields and win words of the registered families, in the order they
// registered; held under mu.
var (
	declared []declaredField
	winWords = map[string]WinWord{}
)

// declaredField is a situation field and the families that declare it.
type declaredField struct {
	SituationField
	families []Family
}

// reserved are the names of the situation fields every family reads, and of the flags mjref score
// has: no family declares one.
var reserved = []string{"hand", "seat", "prevailing", "win", "discarder", "last-tile", "loser", "card", "rules", "set", "output", "ruleset-yaml"}

// declareLocked records f's situation fields and win words. A field another family declares with
// another kind, a reserved name, a word already taken for another win, or a field without a name
// or a kind panics: it is a programming error, found when the families are registered.
func declareLocked(f Family) {
	if t, ok := f.(SituationTaker); ok {
		for _, sf := range t.SituationFields() {
			if sf.Name == "" || sf.Kind < FieldFlag || sf.Kind > FieldTiles || slices.Contains(reserved, sf.Name) {
				panic(fmt.Sprintf("family: %s declares a situation field %q of kind %d", f.ID(), sf.Name, sf.Kind))
			}
			i := slices.IndexFunc(declared, func(d declaredField) bool { return d.Name == sf.Name })
			if i < 0 {
				declared = append(declared, declaredField{SituationField: sf, families: []Family{f}})
				continue
			}
			if declared[i].Kind != sf.Kind {
				panic(fmt.Sprintf("family: %s declares the situation field %q with another kind than %s does", f.ID(), sf.Name, declared[i].families[0].ID()))
			}
			declared[i].families = append(declared[i].families, f)
		}
	}
	if n, ok := f.(WinNamer); ok {
		for w, ww := range n.WinWords() {
			w = strings.ToLower(w)
			if old, dup := winWords[w]; dup && old != ww {
				panic("family: " + f.ID() + " names the win " + w + " otherwise than another family")
			}
			// Compared by name: ParseWinKind would build a "did you mean" error for every word
			// that is not a win kind, at every start.
			if slices.ContainsFunc(scoring.WinKinds(), func(k string) bool { return strings.EqualFold(k, w) }) {
				panic("family: " + f.ID() + " names the win " + w + ", which is a win kind")
			}
			winWords[w] = ww
		}
	}
}

// SituationFields are the situation fields the registered families declare, each once, in the order
// the families registered: the flags of mjref score and the fields of a score request beyond its
// own.
func SituationFields() []SituationField {
	ready()
	mu.RLock()
	defer mu.RUnlock()
	out := make([]SituationField, len(declared))
	for i, d := range declared {
		out[i] = d.SituationField
	}
	return out
}

// FieldFamilies are the registered families that declare the situation field named.
func FieldFamilies(name string) []Family {
	ready()
	mu.RLock()
	defer mu.RUnlock()
	for _, d := range declared {
		if d.Name == name {
			return slices.Clone(d.families)
		}
	}
	return nil
}

// Declares says whether f declares the situation field named.
func Declares(f Family, name string) bool {
	return slices.ContainsFunc(FieldFamilies(name), func(g Family) bool { return g.ID() == f.ID() })
}

// LookupWinWord is the win a registered family's word names (case does not matter).
func LookupWinWord(word string) (WinWord, bool) {
	ready()
	mu.RLock()
	defer mu.RUnlock()
	w, ok := winWords[strings.ToLower(word)]
	return w, ok
}

// WinWordNames are the families' own words for how a hand was won (WinNamer), sorted: with the win
// kinds (scoring.WinKinds) and "none" (a DeBurger non-winner) they are every win a situation names.
func WinWordNames() []string {
	ready()
	names := make([]string, 0, len(winWords))
	for w := range winWords {
		names = append(names, w)
	}
	slices.Sort(names)
	return names
}
