package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/points"
	"github.com/spf13/cobra"
)

type scoreOptions struct {
	IO     *IOStreams
	Output string
	Hand   string
	Batch  bool

	Seat, Prevailing, Win, Discarder string
	LastTile                         bool
	Loser                            bool   // DeBurger: score a non-winner
	Card                             string // American: a card file or built-in card name
}

func newScoreCmd(f *factory, runF func(*scoreOptions) error) *cobra.Command {
	o := &scoreOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "score HAND | -",
		Short: "Say whether a hand is a win under the ruleset and explain what it is worth",
		Long: `Score a hand under the ruleset chosen with --rules (default hk):

  hk, hk-oldstyle   Hong Kong faan: every item with its id, names, faan, tiles and ruleset line,
                    the total after the cap, and whether it reaches the minimum.
  deburger-2026     DeBurger points for the winner (or a non-winner with --loser), each set, pair,
                    unused tile and flower with its value.
  american          the card line the hand matches, with what each joker stands for.

The situation of the win is given by flags. With '-', hands are read from standard input, one per line,
either in notation or as a JSON object {"hand": "...", "seat": "S", "win": "self-draw", ...}; the
output is one JSON object per line (-o jsonl), in input order, scored on every core.

Exit status: 0 a valid win, 1 not a win or below the minimum, 2 bad input.`,
		Example: `  mjref score '123m456p789s111z55z' --win self-draw
  mjref score 123m123m123m999p5z+5z --seat S --prevailing E -o json
  mjref score '123m456m789p111z55s' --rules deburger-2026 --win self-draw
  mjref score 'NN 2026m SS 666p 666s' --rules american
  mjref score - -o jsonl < hands.txt`,
		RunE: handRunE(f, o, runF, scoreRun),
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Seat, "seat", "E", "the winner's seat wind: E|S|W|N")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "the prevailing (round) wind: E|S|W|N")
	fl.StringVar(&o.Win, "win", "discard", "how the hand was won: "+strings.Join(scoring.WinKinds(), "|"))
	fl.StringVar(&o.Discarder, "discarder", "", "the seat that discarded the winning tile (or made the robbed kong)")
	fl.BoolVar(&o.LastTile, "last-tile", false, "the win was on the last tile of the wall (self-draw or a replacement) or the last discard; not with robbing-kong, heavenly or earthly")
	fl.BoolVar(&o.Loser, "loser", false, "DeBurger: score a non-winner's hand (13 tiles, sets, flowers)")
	fl.StringVar(&o.Card, "card", "", "American: a card file or built-in card name (default: the ruleset's card)")
	completeSeats(f, cmd, "seat", "prevailing", "discarder")
	f.completeFlag(cmd, "win", fixedCompletion(scoring.WinKinds()))
	return cmd
}

func (o *scoreOptions) setInput(hand string, batch bool, output string) error {
	o.Hand, o.Batch, o.Output = hand, batch, output
	return nil
}

func fixedCompletion(values []string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeSeats makes each named flag complete to the seats E, S, W and N, with their names.
func completeSeats(f *factory, cmd *cobra.Command, flags ...string) {
	for _, name := range flags {
		f.completeFlag(cmd, name, fixedCompletion(seatCompletions))
	}
}

// scoreRequest is one hand to score with its situation: from flags, or a JSON line of a batch.
type scoreRequest struct {
	Hand       string `json:"hand"`
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	Win        string `json:"win,omitempty"`
	Discarder  string `json:"discarder,omitempty"`
	LastTile   *bool  `json:"last_tile,omitempty"`
	Loser      *bool  `json:"loser,omitempty"`
}

// scorer scores requests under one ruleset; it is safe for concurrent use.
type scorer struct {
	rs   *rulesets.Ruleset
	card *american.Card
	def  scoreOptions
}

func newScorer(f *factory, o *scoreOptions) (*scorer, error) {
	rs, err := f.Ruleset()
	if err != nil {
		return nil, err
	}
	s := &scorer{rs: rs, def: *o}
	switch {
	case rs.Family == rulesets.FamilyAmerican:
		if s.card, err = rulesetCard(rs, o.Card); err != nil {
			return nil, err
		}
	case o.Card != "":
		// Refused, not ignored: the user meant a card to count.
		return nil, withHint(usageErrorf("--card is for American rulesets, and ruleset %s is %s", rs.Name, familyNames[rs.Family]),
			"use --rules american (or an American ruleset file) with --card, or leave --card out")
	}
	return s, nil
}

// scoreView is one scored hand: the head (hand, ruleset, situation) and the family's result. Its
// JSON is the head followed by the result's own fields (see jsonValue).
type scoreView struct {
	scoreHead
	HK       *hk.Result       `json:"-"`
	DeBurger *points.Result   `json:"-"`
	American *american.Result `json:"-"`
}

type situationView struct {
	Seat       string `json:"seat"`
	Prevailing string `json:"prevailing"`
	Win        string `json:"win"`
	Discarder  string `json:"discarder,omitempty"`
	LastTile   bool   `json:"last_tile,omitempty"`
	Loser      bool   `json:"loser,omitempty"`
}

// The JSON shape of a scored hand is the head (input_line, hand, ruleset, situation) followed by the
// family result's own fields; one struct per family so encoding/json flattens it in one pass.
type scoreHead struct {
	InputLine int            `json:"input_line,omitempty"`
	Hand      string         `json:"hand"`
	Ruleset   string         `json:"ruleset"`
	Situation *situationView `json:"situation,omitempty"`
}

type hkJSON struct {
	scoreHead
	*hk.Result
}

type deburgerJSON struct {
	scoreHead
	*points.Result
}

type americanJSON struct {
	scoreHead
	*american.Result
}

// AppendJSON writes what encoding/json writes for the view, without reflection: the batch hot path.
func (v hkJSON) AppendJSON(b []byte) []byte {
	b = append(b, '{')
	if v.InputLine != 0 {
		b = append(b, `"input_line":`...)
		b = strconv.AppendInt(b, int64(v.InputLine), 10)
		b = append(b, ',')
	}
	b = append(b, `"hand":`...)
	b = scoring.AppendJSONString(b, v.Hand)
	b = append(b, `,"ruleset":`...)
	b = scoring.AppendJSONString(b, v.Ruleset)
	if s := v.Situation; s != nil {
		b = append(b, `,"situation":{"seat":`...)
		b = scoring.AppendJSONString(b, s.Seat)
		b = append(b, `,"prevailing":`...)
		b = scoring.AppendJSONString(b, s.Prevailing)
		b = append(b, `,"win":`...)
		b = scoring.AppendJSONString(b, s.Win)
		if s.Discarder != "" {
			b = append(b, `,"discarder":`...)
			b = scoring.AppendJSONString(b, s.Discarder)
		}
		if s.LastTile {
			b = append(b, `,"last_tile":true`...)
		}
		if s.Loser {
			b = append(b, `,"loser":true`...)
		}
		b = append(b, '}')
	}
	b = append(b, ',')
	b = v.Result.AppendJSON(b)
	return append(b, '}')
}

// MarshalJSON writes {"hand":..., "ruleset":..., "situation":..., "valid":..., ...}.
func (v *scoreView) MarshalJSON() ([]byte, error) { return json.Marshal(v.jsonValue()) }

func (v *scoreView) jsonValue() any {
	head := v.scoreHead
	switch {
	case v.DeBurger != nil:
		return deburgerJSON{head, v.DeBurger}
	case v.American != nil:
		return americanJSON{head, v.American}
	}
	return hkJSON{head, v.HK}
}

func (v *scoreView) valid() bool {
	switch {
	case v.HK != nil:
		return v.HK.Valid
	case v.DeBurger != nil:
		return v.DeBurger.Valid
	case v.American != nil:
		return v.American.Valid
	}
	return false
}

func (s *scorer) score(req scoreRequest) (*scoreView, error) {
	h, err := notation.ParseWith(req.Hand, notationOptions(s.rs))
	if err != nil {
		return nil, err
	}
	pick := func(v, def string) string {
		if v != "" {
			return v
		}
		return def
	}
	sv := &situationView{
		Seat:       pick(req.Seat, s.def.Seat),
		Prevailing: pick(req.Prevailing, s.def.Prevailing),
		Win:        pick(req.Win, s.def.Win),
		Discarder:  pick(req.Discarder, s.def.Discarder),
		LastTile:   s.def.LastTile,
		Loser:      s.def.Loser,
	}
	if req.LastTile != nil {
		sv.LastTile = *req.LastTile
	}
	if req.Loser != nil {
		sv.Loser = *req.Loser
	}
	sit, err := situationOf(sv)
	if err != nil {
		return nil, err
	}
	v := &scoreView{scoreHead: scoreHead{Hand: notation.Format(h), Ruleset: s.rs.Name}}
	switch s.rs.Family {
	case rulesets.FamilyHK:
		if err := refuseJokers(&h, "Hong Kong"); err != nil {
			return nil, err
		}
		res, err := hk.Score(&h, sit, s.rs.HK)
		if err != nil {
			return nil, err
		}
		v.Situation, v.HK = sv, &res
	case rulesets.FamilyDeBurger:
		if err := refuseJokers(&h, "DeBurger"); err != nil {
			return nil, err
		}
		if sit.Win.HongKongOnly() {
			return nil, usageErrorf("--win %s is a Hong Kong win: the DeBurger sheet has no such win", sit.Win)
		}
		var res points.Result
		if sv.Loser {
			res, err = points.ScoreLoser(&h, s.rs.DeBurger)
			sv = &situationView{Seat: sv.Seat, Prevailing: sv.Prevailing, Win: "none", Loser: true}
			shown := h
			shown.Win = notation.NoTile // a non-winner has no winning tile to mark
			v.Hand = notation.Format(shown)
		} else {
			res, err = points.ScoreWinner(&h, sit.Win, s.rs.DeBurger)
		}
		if err != nil && !errors.Is(err, scoring.ErrNotWinning) {
			return nil, err
		}
		v.Situation, v.DeBurger = sv, &res
	case rulesets.FamilyAmerican:
		res := american.Match(s.card, &h, s.rs.American)
		v.American = &res
	default:
		return nil, fmt.Errorf("ruleset %s: family %q cannot score hands", s.rs.Name, s.rs.Family)
	}
	return v, nil
}

// notationOptions reads 0 as the white dragon under American rules (2026), else as a red five.
func notationOptions(rs *rulesets.Ruleset) notation.Options {
	return notation.Options{ZeroIsWhite: rs.Family == rulesets.FamilyAmerican}
}

// familyNames are the rule families as the user knows them.
var familyNames = map[string]string{rulesets.FamilyHK: "Hong Kong", rulesets.FamilyDeBurger: "DeBurger", rulesets.FamilyAmerican: "American"}

// refuseJokers refuses a hand holding a joker, alone or in a meld, under a game that plays none;
// game names it in the message ("Hong Kong", "DeBurger").
func refuseJokers(h *notation.Hand, game string) error {
	joker := h.Concealed[notation.Joker] > 0
	for _, m := range h.Melds {
		joker = joker || m.Jokers > 0
	}
	if !joker {
		return nil
	}
	return withHint(fmt.Errorf("a joker (J) is not a %s tile", game), "jokers are played only with --rules american")
}

func situationOf(sv *situationView) (scoring.Situation, error) {
	var sit scoring.Situation
	var err error
	if sit.Seat, err = notation.ParseSeat(sv.Seat); err != nil {
		return sit, usageErrorf("--seat: %v", err)
	}
	if sit.Prevailing, err = notation.ParseSeat(sv.Prevailing); err != nil {
		return sit, usageErrorf("--prevailing: %v", err)
	}
	if sit.Win, err = scoring.ParseWinKind(sv.Win); err != nil {
		return sit, usageErrorf("--win: %v", err)
	}
	sit.Discarder = notation.NoSeat
	if sv.Discarder != "" {
		if sit.Discarder, err = notation.ParseSeat(sv.Discarder); err != nil {
			return sit, usageErrorf("--discarder: %v", err)
		}
		if sit.Discarder == sit.Seat {
			return sit, usageErrorf("--discarder %s is the winner's own seat", sv.Discarder)
		}
	}
	sit.LastTile = sv.LastTile
	// Echo the seats as the JSON contract writes them (E S W N), whatever spelling was typed.
	sv.Seat, sv.Prevailing = sit.Seat.String(), sit.Prevailing.String()
	if sit.Discarder != notation.NoSeat {
		sv.Discarder = sit.Discarder.String()
	}
	return sit, nil
}

// parseRequest reads one batch line: a JSON object or plain notation.
func parseRequest(text string) (scoreRequest, error) {
	if strings.HasPrefix(text, "{") {
		var req scoreRequest
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return req, withHint(fmt.Errorf("JSON line: %v", err), `a JSON line is {"hand": "...", "seat": "S", "prevailing": "E", "win": "self-draw", "discarder": "W", "last_tile": false, "loser": false}`)
		}
		if req.Hand == "" {
			return req, usageErrorf(`JSON line: no "hand"`)
		}
		return req, nil
	}
	return scoreRequest{Hand: text}, nil
}

func scoreRun(_ context.Context, o *scoreOptions, f *factory) error {
	// Check the situation flags once, before any hand.
	if _, err := situationOf(&situationView{Seat: o.Seat, Prevailing: o.Prevailing, Win: o.Win, Discarder: o.Discarder}); err != nil {
		return err
	}
	s, err := newScorer(f, o)
	if err != nil {
		return err
	}
	if o.Batch {
		handle := func(l batchLine) (any, bool, error) {
			if l.Err != nil {
				return nil, false, l.Err
			}
			req, err := parseRequest(l.Text)
			if err != nil {
				return nil, false, err
			}
			v, err := s.score(req)
			if err != nil {
				return nil, false, err
			}
			v.InputLine = l.N
			return v, v.valid(), nil
		}
		return runBatchResult(o.IO, batch{
			handle: func(l batchLine) (any, bool, error) {
				v, ok, err := handle(l)
				if err != nil || o.Output == FormatTable {
					return v, ok, err
				}
				return v.(*scoreView).jsonValue(), ok, nil
			},
			format: batchFormat(o.Output),
			table: func(w io.Writer, l batchLine, v any) error {
				fmt.Fprintf(w, "line %d: ", l.N)
				return renderScore(w, v.(*scoreView))
			},
		})
	}
	v, err := s.score(scoreRequest{Hand: o.Hand})
	if err != nil {
		return err
	}
	defer plusHint(o.IO, o.Output, o.Hand, s.rs)
	return renderResult(o.IO.Out, o.Output, v, renderScore, v.valid())
}

func renderScore(w io.Writer, v *scoreView) error {
	switch {
	case v.HK != nil:
		return renderHK(w, v)
	case v.DeBurger != nil:
		return renderDeBurger(w, v)
	case v.American != nil:
		return renderAmerican(w, v)
	}
	return nil
}

func itemRows(items []scoring.Item, withZH bool) [][]string {
	var rows [][]string
	for _, it := range items {
		val := strconv.Itoa(it.Value)
		if it.Limit {
			val += " (limit)"
		}
		row := []string{it.ID, it.Name}
		if withZH {
			row = append(row, it.NameZH)
		}
		rule := it.Source.String()
		if dir := filepath.Dir(it.Source.Ruleset); dir != "." && dir != "" {
			// A rule from a file (a house hand) shows the file's name; JSON keeps the path.
			rule = filepath.Base(it.Source.Ruleset) + rule[len(it.Source.Ruleset):]
		}
		if it.Note != "" {
			rule = strings.TrimSpace(it.Note + "  " + rule)
		}
		row = append(row, val, notation.FormatTiles(it.Tiles), rule)
		rows = append(rows, row)
	}
	return rows
}

func renderHK(w io.Writer, v *scoreView) error {
	r := v.HK
	fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	fmt.Fprintf(w, "ruleset:  %s   seat %s, prevailing %s, win %s", v.Ruleset, v.Situation.Seat, v.Situation.Prevailing, v.Situation.Win)
	if v.Situation.LastTile {
		fmt.Fprint(w, ", last tile")
	}
	fmt.Fprintln(w)
	if r.Decomposition != nil {
		fmt.Fprintf(w, "reading:  %s (%s)\n", r.Decomposition.String(), r.Decomposition.Shape)
	}
	if len(r.Items) > 0 {
		if err := table(w, []string{"id", "name", "中文", "faan", "tiles", "rule"}, itemRows(r.Items, true)); err != nil {
			return err
		}
	}
	capText := "no cap"
	if r.Cap > 0 {
		capText = fmt.Sprintf("cap %d", r.Cap)
	}
	total := fmt.Sprintf("%d faan", r.Total)
	if r.RawTotal != r.Total {
		total += fmt.Sprintf(" (%d before the cap)", r.RawTotal)
	}
	if r.Limit {
		total += ", a limit hand"
	}
	if r.Note != "" {
		fmt.Fprintf(w, "note:     %s\n", r.Note)
	}
	if r.Valid {
		fmt.Fprintf(w, "total:    %s; minimum %d, %s: a valid win\n", total, r.MinFaan, capText)
	} else {
		fmt.Fprintf(w, "verdict:  not a win: %s\n", r.Reason)
	}
	return nil
}

func renderDeBurger(w io.Writer, v *scoreView) error {
	r := v.DeBurger
	who := "winner, win " + v.Situation.Win
	if v.Situation.Loser {
		who = "non-winner"
	}
	fmt.Fprintf(w, "hand:     %s\nruleset:  %s   %s\n", v.Hand, v.Ruleset, who)
	if r.Reading != "" {
		fmt.Fprintf(w, "reading:  %s\n", r.Reading)
	}
	if len(r.Items) > 0 {
		if err := table(w, []string{"id", "name", "points", "tiles", "rule"}, itemRows(r.Items, false)); err != nil {
			return err
		}
	}
	for _, fu := range r.Flowers {
		fmt.Fprintf(w, "flower:   %s\n", fu)
	}
	if !r.Valid {
		fmt.Fprintf(w, "verdict:  not a win: %s\n", r.Reason)
		return nil
	}
	fmt.Fprintf(w, "total:    %s points\n", points.Thousands(r.Total))
	return nil
}

func renderAmerican(w io.Writer, v *scoreView) error {
	r := v.American
	fmt.Fprintf(w, "hand:     %s\nruleset:  %s\n", v.Hand, v.Ruleset)
	if !r.Valid {
		fmt.Fprintf(w, "verdict:  no line matches: %s\n", r.Reason)
		return nil
	}
	kind := "exposed"
	if r.Concealed {
		kind = "concealed"
	}
	fmt.Fprintf(w, "line:     %s (%s), value %d, %s", r.Line, r.Section, r.Value, kind)
	if r.Jokerless {
		fmt.Fprint(w, ", jokerless")
		if r.JokerlessBonus {
			fmt.Fprint(w, " (pays double)")
		}
	}
	fmt.Fprintln(w)
	if r.Reading != nil {
		fmt.Fprintf(w, "reading:  %s\n", r.Reading.String())
	}
	if len(r.Items) > 0 {
		return table(w, []string{"id", "name", "value", "tiles", "rule"}, itemRows(r.Items, false))
	}
	return nil
}
