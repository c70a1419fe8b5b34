package family_test

import (
	"fmt"
	"os"
	"testing/fstest"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
)

// A fourth family is one package: the Family, the core Rules every family answers, and its
// rulesets' section with its built-in rulesets. This one, "toy", pays a point for each set of
// three alike in the concealed hand. In mjref its package would be registered by one line in
// engine/families.go; here the example registers it itself.

// Toy is the toy family; its rulesets say family: toy.
type Toy struct{}

func (Toy) ID() string                 { return "toy" }
func (Toy) Title() string              { return "Toy" }
func (Toy) Notation() notation.Options { return notation.Options{} }

// Section is the toy: section of its rulesets, and its one built-in ruleset.
func (Toy) Section() rulesets.Section {
	return rulesets.Section{
		Family: "toy",
		New:    func() any { return &toyRules{} },
		Builtins: fstest.MapFS{"toy.yaml": {Data: []byte(
			"name: toy\nfamily: toy\ndescription: a point a set\ntoy:\n  min_points: 2\n")}},
	}
}

// toyRules is what the toy: section holds.
type toyRules struct {
	MinPoints int `yaml:"min_points"`
}

func (Toy) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if err := family.RefuseCard(rs, opt, Toy{}); err != nil {
		return nil, err
	}
	return &toyBound{rs: rs, sec: rs.Section().(*toyRules)}, nil
}

type toyBound struct {
	rs  *rulesets.Ruleset
	sec *toyRules
}

func (r *toyBound) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *toyBound) Family() family.Family      { return Toy{} }

// Takes: the toy scores winners only.
func (r *toyBound) Takes(use family.Use, field string) (bool, string) {
	return !(use == family.UseScore && field == "loser"), ""
}

func (r *toyBound) Score(h *notation.Hand, sit family.Situation) (family.Scored, error) {
	s := &toyScored{ScoreHead: family.ScoreHead{Hand: notation.Format(*h), Ruleset: r.rs.Name, Situation: sit.View()}, Min: r.sec.MinPoints}
	for _, n := range h.Concealed {
		if n >= 3 {
			s.Points++
		}
	}
	return s, nil
}

func (r *toyBound) Worth(sc family.Scored) family.Worth {
	s := sc.(*toyScored)
	return family.Worth{Valid: s.Valid(), NotWin: "not a win", Pay: s.Points, Total: s.Points, Unit: "points", Text: fmt.Sprintf("%d points", s.Points)}
}

// toyScored is a scored toy hand: the head every scored hand starts with, and the points.
type toyScored struct {
	family.ScoreHead
	Points int `json:"points"`
	Min    int `json:"min"`
}

func (s *toyScored) Valid() bool { return s.Points >= s.Min }

func (s *toyScored) Render(p family.Printer) error {
	_, err := fmt.Fprintf(p, "hand:     %s\ntotal:    %d points (minimum %d)\n", s.Hand, s.Points, s.Min)
	return err
}

// Register a fourth family and score a hand under its built-in ruleset through the engine.
func Example() {
	family.Register(Toy{}) // in mjref: one line in engine/families.go

	e, err := engine.Open("toy", engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sc, err := e.Score(engine.ScoreRequest{Hand: "111m222p333s456s77z", Win: "self-draw"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("valid:", sc.Valid(), "family:", e.Title())
	_ = sc.Render(engine.TextPrinter(os.Stdout))
	_, err = e.Score(engine.ScoreRequest{Hand: "111m222p333s456s77z", Loser: new(true)})
	fmt.Println(err)
	_, err = e.Closest(engine.ClosestRequest{Hand: "111m222p333s456s7z"})
	fmt.Println(err)
	// Output:
	// valid: true family: Toy
	// hand:     111m222p333456s77z
	// total:    3 points (minimum 2)
	// --loser scores a non-winner's hand, and ruleset toy (Toy) scores only the winner
	// closest ranks the lines of an American card: ruleset toy is of the toy family
}
