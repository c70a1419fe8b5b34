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

// Rules is a family bound to one ruleset: the core every family answers. The engine runs the use
// cases (score, settle, referee, claim, waits, closest, the ledger) and asks the rules only what
// the family knows. What only some families do is a capability the engine finds by type
// assertion: Waiter, CardPlayer, TableSettler, Warner here, and those whose types live in the
// referee and the ledger, declared in engine (a flow of play, claims, a ledger's part). It is safe
// for concurrent use.
type Rules interface {
	// Ruleset is the ruleset the family is bound to.
	Ruleset() *rulesets.Ruleset
	// Family is the family bound.
	Family() Family
	// Score says whether h is a win in the situation sit and what it is worth. A hand that is
	// not a win is a Scored whose Valid is false, not an error. The engine fills the head's
	// ruleset, situation and warnings when the family leaves them empty.
	Score(h *notation.Hand, sit Situation) (Scored, error)
	// Worth values a hand Score returned for the table to pay on: settlement and the ledger read
	// it.
	Worth(sc Scored) Worth
	// Takes says whether the family reads the request field named (by its flag's name: "faan",
	// "false-win") in the use case, and when it does not, what to give instead (a hint, which may
	// be empty): the family's takes-table. A field the family does not read is refused, not
	// ignored.
	Takes(use Use, field string) (ok bool, hint string)
}

// Use is a use case whose request a family's takes-table speaks of.
type Use string

// The use cases a takes-table answers for.
const (
	UseScore  Use = "score"
	UseSettle Use = "settle"
	UseLedger Use = "ledger"
)

// Worth is what a scored hand is worth at the table, as settlement and the ledger read it.
type Worth struct {
	// Valid is false when the hand is not a win the table pays: NotWin says so in the family's
	// words ("not a win", "no line matches") and Reason why.
	Valid          bool
	NotWin, Reason string
	// Pay is the worth the payout table is read at (Hong Kong: the faan before the cap), Total
	// the worth as scored (what a ledger records); Unit names it ("faan", "value", "points").
	Pay, Total int
	Unit       string
	// Limit is a limit hand; Jokerless an American hand without jokers on a line that pays
	// double for it.
	Limit, Jokerless bool
	// SelfDrawn says the hand scores as a self-draw whatever the last tile (it is paid as one);
	// SelfDrawnBy are the items that make it so.
	SelfDrawn   bool
	SelfDrawnBy []string
	// Text is the worth as a settlement shows it after the seat ("6 faan, a limit hand").
	Text string
	// Notes explain the score (the cap cut it).
	Notes []string
	// Result is the family's result, as a settlement's score field shows it.
	Result any
}

// Refusals are the request fields a family does not read, each with the hint to give instead ("" for
// none): one use case of a takes-table.
type Refusals map[string]string

// Takes says whether the family reads field, and the hint when it does not.
func (r Refusals) Takes(field string) (bool, string) {
	hint, refused := r[field]
	return !refused, hint
}

var (
	mu       sync.RWMutex
	registry = map[string]Family{}

	// onFirstUse are the families RegisterOnFirstUse registers, registered by ready.
	onFirstUse     func() []Family
	onFirstUseOnce sync.Once
)

// RegisterOnFirstUse registers the families all returns, in order, as Register does, the first
// time the registry or the rulesets' sections are read (Lookup, Bind, rulesets.Load, ...), not at
// start: mjref registers its families so, so that a command that plays no family (mjref version)
// pays nothing for them. A family registered twice panics then. Call it once, from an init function.
func RegisterOnFirstUse(all func() []Family) {
	if onFirstUse != nil {
		panic("family: RegisterOnFirstUse called twice")
	}
	onFirstUse = all
	rulesets.OnFirstRead(ready)
}

// ready registers the families of RegisterOnFirstUse, once: every reader of the registry calls it
// before taking mu.
func ready() {
	if onFirstUse != nil {
		onFirstUseOnce.Do(func() {
			for _, f := range onFirstUse() {
				Register(f)
			}
		})
	}
}

// Sectioned is a Family whose rulesets have a section of its own, which Register registers with
// rulesets (every family mjref plays has one).
type Sectioned interface {
	// Section is the family's section of its rulesets and its built-in rulesets; its Family is
	// the family's ID.
	Section() rulesets.Section
}

// Documented is a Family whose results are documents of the JSON contract (schema/*.json): the
// schema generator (go generate ./schema) describes each from a value of its type, asking the families
// registered.
type Documented interface {
	// Documents are a value of each of the family's result types, by the document it is: "score"
	// (its Scored), "settle" (a TableSettler's settlement).
	Documents() map[string]any
}

// Register makes f the family of every ruleset whose family: key is f.ID(), and registers its
// section when it has one (Sectioned). Registering an ID twice panics: it is a programming error,
// found when the families are registered (on first use; family.TestRegistry registers them all).
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
	declareLocked(f)
	registry[f.ID()] = f
}

// Lookup returns the family registered as id.
func Lookup(id string) (Family, bool) {
	ready()
	mu.RLock()
	defer mu.RUnlock()
	f, ok := registry[id]
	return f, ok
}

// IDs lists the registered families, sorted.
func IDs() []string {
	ready()
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

// ScoreAppender is Rules that write a scored hand's JSON without making its Scored: a batch's
// line (engine.Line), one after another. AppendScore scores h in sit as Score does, with the
// same errors, and appends the JSON object that Score's result writes (as encoding/json writes
// it), its head's InputLine set to line and its ruleset, situation and warnings filled in as
// the engine fills them; valid is that result's Valid. text is h's canonical text, what
// notation.FormatWith writes of it under the family's Notation options, when the caller has it
// (the line as it was read, when it is that text), or empty: the head's hand is then written
// from h. It must not keep h, which the caller reuses for the next line, and on an error it
// returns b as it came.
type ScoreAppender interface {
	AppendScore(b []byte, h *notation.Hand, text string, sit Situation, line int) (out []byte, valid bool, err error)
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

// Limit is one cap a family puts on what it reads: a row of `mjref help limits`' table of caps.
type Limit struct {
	What string // what is capped: "a card"
	Cap  string // the cap: "600 lines, 20000 hands"
}

// Limited is a Family with caps of its own on what it reads (an American card's lines, Hong Kong's
// house hands), as `mjref help limits` tells them: rows for the table of caps, and a paragraph
// (lines indented two spaces, fit for 80 columns, "" for none).
type Limited interface {
	Limits() (caps []Limit, paragraph string)
}

// Samples are sample hands for a built-in ruleset, in notation: a win (self-drawn), a hand that is
// no win, and a ready hand.
type Samples struct {
	Win, NotWin, Ready string
}

// Sampled is a Family that gives sample hands for each of its built-in rulesets, by name: the
// engine's tests play every built-in through every door with them, so a family that brings a
// built-in ruleset gives its samples in its own package.
type Sampled interface {
	Samples() map[string]Samples
}
