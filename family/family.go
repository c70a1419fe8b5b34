package family

import (
	"fmt"
	"sort"
	"sync"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
)

// Family is one rule family: it binds itself to a ruleset of its family.
type Family interface {
	// ID is the family as a ruleset's family: key names it ("hk").
	ID() string
	// Title is the family as players call it ("Hong Kong").
	Title() string
	// Notation says how hands are read under the family's rulesets.
	Notation() notation.Options
	// Bind readies the family to play under rs, a ruleset of this family.
	Bind(rs *rulesets.Ruleset, opt BindOptions) (Rules, error)
}

// BindOptions are choices made when a ruleset is bound, before any hand.
type BindOptions struct {
	// Card is an American card file or built-in card name that replaces the ruleset's card. A
	// family that plays no card refuses it.
	Card string
	// Files reads a card file (nil: the file system); with rulesets.NoFiles only a built-in
	// card loads.
	Files rulesets.Files
}

// Rules is a family bound to one ruleset: everything mjref does under that ruleset. It is safe
// for concurrent use.
type Rules interface {
	// Ruleset is the ruleset the family is bound to.
	Ruleset() *rulesets.Ruleset
	// Family is the family bound.
	Family() Family
	Scorer
	Waiter
	Closer
	Settler
	Referee
	Claimer
	Scorekeeper
}

var (
	mu       sync.RWMutex
	registry = map[string]Family{}
)

// Sectioned is a Family whose rulesets have a section of its own, which the family registers
// with rulesets when it is registered (Hong Kong, American and DeBurger have theirs typed in
// rulesets).
type Sectioned interface {
	// Section is the family's section of its rulesets and its built-in rulesets; its Family is
	// the family's ID.
	Section() rulesets.Section
}

// Register makes f the family of every ruleset whose family: key is f.ID(), and registers its
// section when it has one (Sectioned). Registering an ID twice panics: it is a programming error,
// found at start-up.
func Register(f Family) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[f.ID()]; dup {
		panic("family: " + f.ID() + " registered twice")
	}
	if s, ok := f.(Sectioned); ok {
		sec := s.Section()
		if sec.Family != f.ID() {
			panic("family: " + f.ID() + " registers the section of " + sec.Family)
		}
		rulesets.RegisterSection(sec)
	}
	registry[f.ID()] = f
}

// Lookup returns the family registered as id.
func Lookup(id string) (Family, bool) {
	mu.RLock()
	defer mu.RUnlock()
	f, ok := registry[id]
	return f, ok
}

// IDs lists the registered families, sorted.
func IDs() []string {
	mu.RLock()
	defer mu.RUnlock()
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Bind binds the family of rs to rs.
func Bind(rs *rulesets.Ruleset, opt BindOptions) (Rules, error) {
	f, ok := Lookup(rs.Family)
	if !ok {
		return nil, fmt.Errorf("ruleset %s: family %q is not one mjref plays (it plays %v)", rs.Name, rs.Family, IDs())
	}
	return f.Bind(rs, opt)
}

// Title is the family of rs as players call it, or its family: key when no family is registered
// under it.
func Title(rs *rulesets.Ruleset) string {
	if f, ok := Lookup(rs.Family); ok {
		return f.Title()
	}
	return rs.Family
}

// Warner is Rules that carried on past problems in their files: an American card's bad lines,
// left out of play.
type Warner interface {
	// Warnings are the problems, each with its place, in file order.
	Warnings() []scoring.Warning
}

// Warnings are what r carried on past (Warner), or nothing.
func Warnings(r Rules) []scoring.Warning {
	if w, ok := r.(Warner); ok {
		return w.Warnings()
	}
	return nil
}

// CardPlayer is Rules that match hands against a card (the American family).
type CardPlayer interface {
	// Card is the card played, loaded.
	Card() *american.Card
	// CardName is the built-in card name or card file it was loaded from.
	CardName() string
}

// Notation says how hands are read under rs: as its family reads them, or plainly when rs names
// no family mjref plays.
func Notation(rs *rulesets.Ruleset) notation.Options {
	if f, ok := Lookup(rs.Family); ok {
		return f.Notation()
	}
	return notation.Options{}
}

// RefuseCard refuses a card (BindOptions.Card) for a family that plays none: refused, not ignored,
// since the user meant a card to count.
func RefuseCard(rs *rulesets.Ruleset, opt BindOptions, f Family) error {
	if opt.Card == "" {
		return nil
	}
	return WithHint(Usagef("--card is for American rulesets, and ruleset %s is %s", rs.Name, f.Title()),
		"use --rules american (or an American ruleset file) with --card, or leave --card out")
}
