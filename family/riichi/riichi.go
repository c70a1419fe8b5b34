// Package riichi is the riichi (Japanese) family: its ruleset section (the scoring/riichi Options),
// its built-in rulesets (riichi, Tenhou's rules, and the presets that extend it) and the scoring of
// a hand in a riichi situation, its waits valued in points, and settlement from han and fu.
// Furiten, claims, the ledger and the referee are not played yet and refuse, saying so.
package riichi

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	rscore "github.com/mjref/mjref/scoring/riichi"
	"github.com/mjref/mjref/scoring/shanten"
	"github.com/mjref/mjref/scoring/waits"
)

// ID is the family: key of riichi rulesets.
const ID = "riichi"

//go:embed builtin/*.yaml
var builtin embed.FS

// Family is the riichi family.
type Family struct{}

// ID is "riichi".
func (Family) ID() string { return ID }

// Title is "Riichi".
func (Family) Title() string { return "Riichi" }

// Notation reads 0m/0p/0s as red fives (kept in notation.Hand.Red).
func (Family) Notation() notation.Options { return notation.Options{} }

// Section is the riichi: section and the built-in rulesets.
func (Family) Section() rulesets.Section {
	sub, err := fs.Sub(builtin, "builtin")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return rulesets.Section{Family: ID, New: func() any { return &Section{Options: rscore.TenhouOptions()} }, Builtins: sub}
}

// Section is a ruleset's riichi: section: the scorer's options, keys as scoring/riichi.Options
// names them. The riichi ruleset sets every key; a ruleset that extends it changes what it lists.
type Section struct {
	rscore.Options `yaml:",inline"`
}

// Validate reports an option out of range, naming its key.
func (s *Section) Validate() error {
	if err := s.Options.Validate(); err != nil {
		var ie *rscore.InputError
		if e, ok := err.(*rscore.InputError); ok {
			ie = e
			return &scoring.RuleError{Path: []string{ID, ie.Field}, Msg: ie.Msg}
		}
		return err
	}
	return nil
}

// Bind binds the family to a riichi ruleset.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if err := family.RefuseCard(rs, opt, Family{}); err != nil {
		return nil, err
	}
	sec, _ := rs.Section().(*Section)
	if sec == nil {
		d := Section{Options: rscore.TenhouOptions()}
		sec = &d
	}
	return &rules{rs: rs, opt: sec.Options}, nil
}

type rules struct {
	rs  *rulesets.Ruleset
	opt rscore.Options
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }

func (r *rules) notYet(what string) error {
	return family.WithHint(fmt.Errorf("%s is not played for riichi yet (ruleset %s)", what, r.rs.Name),
		"mjref score scores a riichi hand; the rest of the riichi family is still to come")
}

// WaitOptions allows the three riichi shapes and values each wait in points with the scorer: won
// by ron or tsumo with no riichi or dora (a wait with no yaku is not valid). Furiten is not judged yet.
func (r *rules) WaitOptions(h *notation.Hand, sit scoring.Situation) (waits.Options, error) {
	if len(h.Bonus) > 0 || h.Concealed[notation.Flower] > 0 || h.Concealed[notation.Joker] > 0 {
		return waits.Options{}, family.Usagef("flowers and jokers are not riichi tiles")
	}
	return waits.Options{
		Shapes: shanten.ShapeStandard | shanten.ShapeSevenPairs | shanten.ShapeThirteenOrphans,
		Value: func(wh *notation.Hand, win scoring.WinKind) waits.Value {
			rh, err := hand(wh)
			if err != nil {
				return waits.Value{Unit: "points", Reason: err.Error()}
			}
			s := rscore.Situation{Seat: rscore.Wind(sit.Seat), Prevailing: rscore.Wind(sit.Prevailing)}
			if win.SelfDrawn() {
				s.Win = rscore.WinTsumo
			}
			res, err := rscore.Score(&rh, &s, &r.opt)
			if err != nil {
				return waits.Value{Unit: "points", Reason: err.Error()}
			}
			return waits.Value{Valid: true, Total: res.Points(), Unit: "points"}
		},
	}, nil
}

// Closer refuses: closest ranks the lines of an American card.
func (r *rules) Closer(family.ClosestRequest) (func(string) (*family.ClosestView, error), error) {
	return nil, family.WithHint(fmt.Errorf("closest ranks the lines of an American card: ruleset %s is of the riichi family", r.rs.Name),
		"use --rules american (or an American ruleset file)")
}

// LogOptions reads a log's tiles as riichi writes them.
func (r *rules) LogOptions() referee.ReadOptions { return referee.ReadOptions{} }

// RefereeDeps wires a flow that refuses: riichi logs are not refereed yet.
func (r *rules) RefereeDeps() referee.Deps { return referee.Deps{Flow: refusingFlow{r}} }

// RefereeStyle says a riichi item is in han.
func (r *rules) RefereeStyle() family.RefereeStyle { return family.RefereeStyle{Unit: "han"} }

// ClaimDeps refuses: riichi claims are not ruled yet.
func (r *rules) ClaimDeps() (referee.Deps, error) { return referee.Deps{}, r.notYet("claim") }

type refusingFlow struct{ r *rules }

func (f refusingFlow) Replay(*referee.Log, referee.Deps) (referee.Report, error) {
	return referee.Report{}, f.r.notYet("referee")
}

// LedgerFlow is the Hong Kong flow (the dealer keeps the deal after a dealer win or a draw), which
// riichi shares; recording a hand refuses until riichi settlement is played.
func (r *rules) LedgerFlow() ledger.Flow { return ledger.HongKong() }

// LedgerUnit is "han".
func (r *rules) LedgerUnit() string { return "han" }

// LedgerTakes takes nothing yet.
func (r *rules) LedgerTakes(string) (bool, string) { return false, "riichi hands are not recorded yet" }

// RecordHand refuses: riichi hands are not recorded yet.
func (r *rules) RecordHand(family.LedgerRequest, ledger.Table) (family.Recorded, error) {
	return family.Recorded{}, r.notYet("the ledger")
}
