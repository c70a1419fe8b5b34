package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/internal/jsonmsg"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

	// Extra are the situation fields the families declare, as their flags give them (see
	// situationFlags).
	Extra *situationFlags
}

func newScoreCmd(f *factory, runF func(*scoreOptions) error) *cobra.Command {
	o := &scoreOptions{IO: f.IO, Extra: &situationFlags{}}
	cmd := &cobra.Command{
		Use:   "score HAND | -",
		Short: "Say whether a hand is a win under the ruleset and explain what it is worth",
		Long: `Score a hand under the ruleset chosen with --rules (default hk):

  hk, hk-oldstyle   Hong Kong faan: every item with its id, names, faan, tiles and ruleset line,
                    the total after the cap, and whether it reaches the minimum.
  deburger-2026     DeBurger points for the winner (or a non-winner with --loser), each set, pair,
                    unused tile and flower with its value.
  american          the card line the hand matches, with what each joker stands for.
  riichi, riichi-*  riichi yaku and dora with their han, the fu item by item, and the points
                    (--riichi, --ippatsu, --dora ..., --win ron|tsumo|rinshan|chankan|haitei|houtei).

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
	o.Extra.add(fl)
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

// scorer scores requests under one ruleset, each request's empty fields taken from the flags; it
// is safe for concurrent use.
type scorer struct {
	e *engine.Engine
	b *engine.Scorer // the flags' situation read once
}

func newScorer(f *factory, o *scoreOptions) (*scorer, error) {
	e, err := f.Engine(o.Card)
	if err != nil {
		return nil, err
	}
	lastTile, loser := o.LastTile, o.Loser
	def := engine.ScoreRequest{Seat: o.Seat, Prevailing: o.Prevailing, Win: o.Win, Discarder: o.Discarder, LastTile: &lastTile, Loser: &loser,
		Extra: o.Extra.given()}
	return &scorer{e: e, b: e.Scorer(def)}, nil
}

// score scores one request; the fields it leaves empty are the flags'.
func (s *scorer) score(req engine.ScoreRequest) (family.Scored, error) {
	return s.b.Score(req)
}

// jsonLine writes a batch's JSON lines, one chunk's: with engine.Line, so that a Hong Kong line is
// written without a Scored made and into one reused hand.
func (s *scorer) jsonLine() lineFunc {
	line := s.b.Line()
	return func(b []byte, l batchLine) ([]byte, bool, error) {
		req, err := parseRequest(l.Text)
		if err != nil {
			return b, false, err
		}
		return line.AppendJSON(b, req, l.N)
	}
}

// notationOptions reads hands as the ruleset's family does (0 is the white dragon under American
// rules, a red five elsewhere).
func notationOptions(rs *rulesets.Ruleset) notation.Options { return family.Notation(rs) }

// checkSituation refuses bad situation flags once, before any hand.
func checkSituation(req engine.ScoreRequest) error {
	_, err := req.Situation()
	return err
}

// parseRequest reads one batch line: a JSON object or plain notation.
func parseRequest(text string) (engine.ScoreRequest, error) {
	if strings.HasPrefix(text, "{") {
		var req engine.ScoreRequest
		rest, extra, err := engine.SplitSituation([]byte(text))
		if err == nil {
			dec := json.NewDecoder(bytes.NewReader(rest))
			dec.DisallowUnknownFields()
			if err = dec.Decode(&req); err == nil {
				if _, more := dec.Token(); !errors.Is(more, io.EOF) {
					err = errors.New("more after the object: one JSON object a line")
				}
			}
			req.Extra = extra
		}
		if err != nil {
			return req, withHint(fmt.Errorf("JSON line: %s", jsonmsg.Describe(err)), `a JSON line is {"hand": "...", "seat": "S", "prevailing": "E", "win": "self-draw", "discarder": "W", "last_tile": false, "loser": false}`)
		}
		if req.Hand == "" {
			return req, usageErrorf(`JSON line: no "hand"`)
		}
		return req, nil
	}
	return engine.ScoreRequest{Hand: text}, nil
}

func scoreRun(_ context.Context, o *scoreOptions, f *factory) error {
	// Check the situation flags once, before any hand.
	if err := checkSituation(engine.ScoreRequest{Seat: o.Seat, Prevailing: o.Prevailing, Win: o.Win, Discarder: o.Discarder, Extra: o.Extra.given()}); err != nil {
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
			v.Head().InputLine = l.N
			return v, v.Valid(), nil
		}
		return runBatchResult(o.IO, batch{
			handle:   handle,
			jsonLine: s.jsonLine,
			format:   batchFormat(o.Output),
			table: func(w io.Writer, l batchLine, v any) error {
				fmt.Fprintf(w, "line %d: ", l.N)
				return renderScore(w, v.(family.Scored))
			},
		})
	}
	v, err := s.score(engine.ScoreRequest{Hand: o.Hand})
	if err != nil {
		if hint := waitsHint(o, f, s.e.Ruleset()); hint != "" && family.HintOf(err) == "" {
			// Only a family that scores non-winners refuses 13 tiles rather than saying no.
			return withHint(err, hint+" (or score a non-winner's 13 tiles with --loser)")
		}
		return err
	}
	defer plusHint(o.IO, o.Output, o.Hand, s.e.Ruleset())
	if !v.Valid() && o.Output == FormatTable {
		if hint := waitsHint(o, f, s.e.Ruleset()); hint != "" {
			defer fmt.Fprintf(o.IO.ErrOut, "mjref: hint: %s\n", hint)
		}
	}
	return renderResult(o.IO.Out, o.Output, v, renderScore, v.Valid())
}

// waitsHint points a 13-tile hand (a winner's hand before its last tile; a DeBurger non-winner
// scored without --loser) at 'mjref waits', which says what it waits on; "" for any other hand.
func waitsHint(o *scoreOptions, f *factory, rs *rulesets.Ruleset) string {
	if o.Loser || strings.EqualFold(o.Win, scoring.SevenFlowers.String()) {
		return "" // a seven-flowers hand holds 13 tiles: the flower that wins is not one of them
	}
	h, err := notation.ParseWith(o.Hand, notationOptions(rs))
	if err != nil || h.Count(notationOptions(rs)) != 13 {
		return ""
	}
	rules := ""
	if f.Rules != rulesets.Default {
		rules = " --rules " + shellQuote(f.Rules)
	}
	return fmt.Sprintf("13 tiles is a hand before its winning tile; to see what it waits on: mjref waits%s %s", rules, shellQuote(o.Hand))
}

// shellQuote is s as a shell word: as it is when it holds only letters, digits and + . _ / -,
// else in single quotes.
func shellQuote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+._/-", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// renderScore writes a scored hand for a person to read: the family renders it.
func renderScore(w io.Writer, v family.Scored) error { return v.Render(printer{w}) }

// printer is where results render themselves (family.Printer): lines to w, tables laid out by table.
type printer struct{ io.Writer }

func (p printer) Table(header []string, rows [][]string) error { return table(p.Writer, header, rows) }

// situationFlags are the flags of the situation fields the registered families declare
// (family.SituationFields: riichi's --riichi, --dora, --honba), each made from its declaration.
type situationFlags struct {
	fl     *pflag.FlagSet
	fields []family.SituationField
	flags  map[string]*bool
	counts map[string]*int
	tiles  map[string]*string
}

// add makes a flag of fl for each declared field.
func (x *situationFlags) add(fl *pflag.FlagSet) {
	x.fl, x.fields = fl, family.SituationFields()
	x.flags, x.counts, x.tiles = map[string]*bool{}, map[string]*int{}, map[string]*string{}
	for _, f := range x.fields {
		switch f.Kind {
		case family.FieldFlag:
			x.flags[f.Name] = fl.Bool(f.Name, false, f.Usage)
		case family.FieldCount:
			x.counts[f.Name] = fl.Int(f.Name, 0, f.Usage)
		case family.FieldTiles:
			x.tiles[f.Name] = fl.String(f.Name, "", f.Usage)
		}
	}
}

// given are the fields whose flags were given, as engine.ScoreRequest.Extra holds them.
func (x *situationFlags) given() map[string]any {
	if x == nil || x.fl == nil {
		return nil
	}
	var out map[string]any
	for _, f := range x.fields {
		if !x.fl.Changed(f.Name) {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		switch f.Kind {
		case family.FieldFlag:
			out[f.Name] = *x.flags[f.Name]
		case family.FieldCount:
			out[f.Name] = *x.counts[f.Name]
		case family.FieldTiles:
			out[f.Name] = *x.tiles[f.Name]
		}
	}
	return out
}
