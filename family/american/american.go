// Package american is the American family: 152 tiles with jokers, hands matched against a card
// (scoring/american), paid by the card line's value.
package american

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	card "github.com/mjref/mjref/scoring/american"
)

// Family is the American family; its rulesets say family: american.
type Family struct{}

// ID is "american".
func (Family) ID() string { return ID }

// Title is "American".
func (Family) Title() string { return "American" }

// CheckWin refuses the wins only Hong Kong tables have (a human hand, seven flowers).
func (Family) CheckWin(k scoring.WinKind) error {
	if k.HongKongOnly() {
		return family.Fieldf("%s %s is a Hong Kong win: an American table has no such win", family.Field("win"), k)
	}
	return nil
}

// Notation reads 0 as the white dragon, as American cards write years (2026).
func (Family) Notation() notation.Options {
	return notation.Options{ZeroIsWhite: true, EveryTileCounts: true}
}

// Documents are the family's result types in the JSON contract.
func (Family) Documents() map[string]any { return map[string]any{"score": Scored{}} }

// Bind binds the family to an American ruleset and the card it plays: opt.Card when given, else
// the ruleset's own.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if Rules(rs) == nil {
		return nil, family.WithHint(fmt.Errorf("ruleset %s has no american: section", rs.Name), "start the ruleset with 'extends: american'")
	}
	r := &rules{rs: rs, card: Card(rs), cardName: Rules(rs).Card, files: opt.Files}
	if opt.Card != "" || r.card == nil {
		if opt.Card != "" {
			r.cardName = opt.Card
		}
		c, err := loadCard(r.files, r.cardName)
		if err != nil {
			return nil, err
		}
		r.card = c
	}
	return r, nil
}

type rules struct {
	rs       *rulesets.Ruleset
	card     *card.Card
	cardName string
	files    rulesets.Files // what reads a card file: the bind's
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }

// Card is the card the rules play.
func (r *rules) Card() *card.Card { return r.card }

// Warnings are the card's lines left out of play and its repeated alternatives, each with its YAML
// line and what was wrong.
func (r *rules) Warnings() []scoring.Warning { return r.card.Warnings }

// CardName is the built-in card name or card file the card was loaded from.
func (r *rules) CardName() string { return r.cardName }

// LoadCard loads a card file or built-in card. A card that does not load is bad input listing every
// problem on a line of its own, each with the YAML line it is about.
func LoadCard(name string) (*card.Card, error) { return loadCard(nil, name) }

// loadCard is LoadCard reading a card file through files (nil: the file system).
func loadCard(files rulesets.Files, name string) (*card.Card, error) {
	c, err := LoadCardFrom(files, name)
	if err != nil {
		return nil, cardError(name, err)
	}
	return c, nil
}

// CheckCardFrom loads a card as LoadCard does, but refuses one with a line left out: the error
// lists every line left out, each with its YAML line, and the card is returned with it when it
// loaded, for the warnings that are not in the error (repeated alternatives). A card whose only
// warnings are repeated alternatives passes. It reads a card file through files (nil: the file
// system).
func CheckCardFrom(files rulesets.Files, name string) (*card.Card, error) {
	c, err := loadCard(files, name)
	if err != nil {
		return nil, err
	}
	if err := c.Err(); err != nil {
		return c, cardError(name, err)
	}
	return c, nil
}

func cardError(name string, err error) error {
	problems := flattenErrors(err)
	if name == rulesets.StdinName {
		name = "-" // what to type to check it again
	}
	var le *card.LineError
	hint := "see 'mjref card --help' for the card language"
	switch {
	case errors.As(err, &le):
		hint = fmt.Sprintf("fix the lines named above and run 'mjref card check %s'; %s", name, hint)
	case strings.Contains(err.Error(), "no built-in card of that name"):
		hint = "'mjref card list' names the built-in cards; a card file is a path such as ./my-card.yaml"
	}
	if len(problems) <= 1 {
		return family.WithHint(err, hint)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "card %s: %s", name, words.Count(len(problems), "problem"))
	for _, p := range problems {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return family.WithHint(&problemsError{msg: b.String(), errs: problems}, hint)
}

// problemsError is several problems, in one message of a line each; errors.As and the JSON error
// object still find each of them.
type problemsError struct {
	msg  string
	errs []error
}

func (e *problemsError) Error() string   { return e.msg }
func (e *problemsError) Unwrap() []error { return e.errs }

// flattenErrors lists the errors joined in err (errors.Join, nested), in order.
func flattenErrors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, flattenErrors(e)...)
		}
		return out
	}
	return []error{err}
}

// Limits are the caps on a card, for mjref help limits.
func (Family) Limits() ([]family.Limit, string) {
	return []family.Limit{{What: "a card", Cap: fmt.Sprintf("%d lines, %d hands", card.MaxCardLines, card.MaxCardHands)}}, ""
}
