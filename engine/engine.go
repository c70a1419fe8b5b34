// Package engine is mjref as a Go library: open a ruleset by name or file, then score, explain,
// settle and referee under it. Its results are the values mjref's JSON output shows (see
// schema/), so a program gets exactly what `mjref score -o json` prints.
//
//	e, err := engine.Open("hk", engine.Options{})
//	res, err := e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z", Win: "self-draw"})
//	fmt.Println(res.Valid())
//
// Errors from bad input (a hand that does not parse, a flag that does not apply, a ruleset that
// does not load) satisfy IsInput; anything else is a bug. schema.Marshal writes a result as the
// JSON document the command line prints, and schema.NewError an error as its JSON error object.
package engine

import (
	"errors"
	"io/fs"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/safeio"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Engine plays one ruleset. It is safe for concurrent use.
type Engine struct {
	rules family.Rules
	files rulesets.Files // what reads a card a request names: the engine's Options.Files
}

// Options are choices made when a ruleset is opened.
type Options struct {
	// Set overrides ruleset values for this engine, as --set does: "cap=13", "hk.min_faan=1".
	Set []string
	// Card is an American card file or built-in card name played instead of the ruleset's.
	Card string
	// Files reads every file the engine opens: the ruleset named by path, what it extends:, its
	// card:, Card, and a card a settle request names; nil reads the file system. With
	// rulesets.NoFiles (or rulesets.Kept) nothing a ruleset, a --set value or a request says can
	// open another file: mjref serve opens every request's engine so.
	Files rulesets.Files
}

// Open loads the built-in ruleset or ruleset file named by rules (with opt.Set applied) and binds
// its family.
func Open(rules string, opt Options) (*Engine, error) {
	rs, err := rulesets.LoadWith(rulesets.LoadOptions{Files: opt.Files}, rules, opt.Set...)
	if err != nil {
		return nil, err
	}
	return New(rs, opt)
}

// New binds the family of a loaded ruleset. opt.Set is ignored: the ruleset is already loaded.
func New(rs *rulesets.Ruleset, opt Options) (*Engine, error) {
	r, err := family.Bind(rs, family.BindOptions{Card: opt.Card, Files: opt.Files})
	if err != nil {
		return nil, err
	}
	return &Engine{rules: r, files: opt.Files}, nil
}

// Rules is the family bound to the ruleset.
func (e *Engine) Rules() family.Rules { return e.rules }

// Ruleset is the ruleset played.
func (e *Engine) Ruleset() *rulesets.Ruleset { return e.rules.Ruleset() }

// Warnings are what the rules carried on past when they were bound: each line of an American card
// left out of play (its YAML line and what was wrong) and each repeated alternative ignored. The
// results of score, closest and referee carry them too, in their warnings field.
func (e *Engine) Warnings() []scoring.Warning { return family.Warnings(e.rules) }

// Title is the ruleset's family as players call it ("Hong Kong").
func (e *Engine) Title() string { return e.rules.Family().Title() }

// Parse reads a hand in the notation, as the ruleset reads it (0 is the white dragon under
// American rules, a red five elsewhere).
func (e *Engine) Parse(text string) (notation.Hand, error) {
	return notation.ParseWith(text, e.rules.Family().Notation())
}

// IsInput says whether err is bad input (a hand, a request, a ruleset or a card, or a file the
// caller named that is not there, such as a ledger): exit status 2, HTTP 400. Anything else from
// the engine is a bug.
func IsInput(err error) bool {
	var fe *family.Error
	var le *safeio.LimitError
	var nr *safeio.NotRegularError
	return errors.As(err, &fe) || errors.Is(err, notation.ErrNotation) || errors.Is(err, rulesets.ErrRuleset) ||
		errors.Is(err, scoring.ErrImpossible) || errors.As(err, &le) || errors.As(err, &nr) ||
		errors.Is(err, fs.ErrNotExist)
}
