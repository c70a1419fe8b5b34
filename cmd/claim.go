package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
)

// claimOptions are the flags of mjref claim.
type claimOptions struct {
	IO     *IOStreams
	Output string

	Discarder, Tile, Claims string
	// Dealer and Prevailing place the claims at the table, for scoring a claimed win.
	Dealer, Prevailing string
	// Hands are SEAT=HAND values: the claimants' concealed tiles, when legality depends on them.
	Hands []string
}

func newClaimCmd(f *factory, runF func(*claimOptions) error) *cobra.Command {
	o := &claimOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "claim --discarder SEAT --tile TILE --claims 'SEAT ACTION, ...'",
		Short: "Say who takes a discard when several players claim it, and why",
		Long: `Rule on claims made at the same time on one discard: who takes the tile, and why each claim
wins, loses or is not allowed.

  a win beats a pong or kong, which beats a chow
  among several wins: head bump (截糊, the claimant next in turn after the discarder wins), or
  every claimant wins, as the ruleset's settlement: multiple_winners says
  a chow only from the player before you (上家); nobody claims their own discard
  the seats between the discarder and the taker miss their turn

Claims are SEAT ACTION [TILES], separated by commas: win, pong, kong, chow (with its run, e.g.
'E chow 456p', or left out), pass. Without hands every claim is taken as possible; give a
claimant's tiles with --hand SEAT=HAND (13 before the discard or 14 with it, melds in brackets)
and a pong must find its pair, a chow its run, and a win must be a valid hand worth the minimum
(scored with each claimant's seat wind counted from --dealer, default E, and the --prevailing wind,
default E).

The ruleset (--rules, default hk) may be Hong Kong or DeBurger, which share these priorities; American
calls are ruled by 'mjref referee'.

Exit status: 0 the answer is clear (every claim is allowed), 1 a claim is not allowed, 2 bad input.`,
		Example: `  mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'
  mjref claim --discarder E --tile 5p --claims 'N win, W win'
  mjref claim --discarder E --tile 4p --claims 'S chow 345p, W pong' --hand W=44p123m456s789s1z2z
  mjref claim --discarder S --tile 9s --claims 'N win' --hand N='123m456m789m99s78s' -o json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Output = f.Output
			return dispatch(cmd, f, o, runF, claimRun)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Discarder, "discarder", "", "the seat that discarded the tile: E|S|W|N")
	fl.StringVar(&o.Tile, "tile", "", "the discarded tile, e.g. 5p")
	fl.StringVar(&o.Claims, "claims", "", "the claims, comma separated: 'S win, N pong, E chow 456p'")
	fl.StringArrayVar(&o.Hands, "hand", nil, "a claimant's concealed tiles, SEAT=HAND (repeatable)")
	fl.StringVar(&o.Dealer, "dealer", "E", "the seat that deals this hand (seat winds count from it), for scoring a claimed win")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "the prevailing wind, for scoring a claimed win")
	completeSeats(f, cmd, "discarder")
	f.completeFlag(cmd, "tile", cobra.NoFileCompletions)
	f.completeFlag(cmd, "claims", cobra.NoFileCompletions)
	f.completeFlag(cmd, "hand", cobra.NoFileCompletions)
	return cmd
}

// claimView is what mjref claim prints: the question, each claim's ruling and who takes the tile.
type claimView struct {
	Ruleset   string        `json:"ruleset"`
	Discarder notation.Seat `json:"discarder"`
	Tile      notation.Tile `json:"tile"`
	// Clear is false when a claim is not allowed (exit 1).
	Clear bool `json:"clear"`
	// Takers take the tile (several only when every claimant of a win wins); Action is what they do.
	Takers []notation.Seat `json:"takers"`
	Action string          `json:"action"`
	// Skipped are the seats between the discarder and the taker: they miss their turn.
	Skipped []notation.Seat `json:"skipped"`
	Rulings []claimRuling   `json:"rulings"`
	Reason  string          `json:"reason"`
}

// claimRuling is the ruling on one claim, in the order the claims were given.
type claimRuling struct {
	Seat    notation.Seat   `json:"seat"`
	Action  string          `json:"action"`
	Verdict referee.Verdict `json:"verdict"`
	Rule    string          `json:"rule"`
	Reason  string          `json:"reason"`
	Name    string          `json:"name,omitempty"`
	Source  *scoring.Source `json:"source,omitempty"`
}

func newClaimView(rs *rulesets.Ruleset, discarder notation.Seat, tile notation.Tile, d *referee.ClaimDecision) *claimView {
	v := &claimView{Ruleset: rs.Name, Discarder: discarder, Tile: tile, Clear: true, Action: d.Action, Reason: d.Reason,
		Takers: append([]notation.Seat{}, d.Takers...), Skipped: append([]notation.Seat{}, d.Skipped...)}
	v.Rulings = make([]claimRuling, 0, len(d.Rulings))
	for _, r := range d.Rulings {
		if r.Verdict != referee.VerdictOK {
			v.Clear = false
		}
		v.Rulings = append(v.Rulings, claimRuling{Seat: r.Seat, Action: r.Action, Verdict: r.Verdict, Rule: r.Rule, Reason: r.Reason, Name: r.Name, Source: r.Source})
	}
	return v
}

func claimRun(_ context.Context, o *claimOptions, f *factory) error {
	if o.Discarder == "" || o.Tile == "" || o.Claims == "" {
		var missing []string
		for _, m := range []struct{ flag, val string }{{"--discarder", o.Discarder}, {"--tile", o.Tile}, {"--claims", o.Claims}} {
			if m.val == "" {
				missing = append(missing, m.flag)
			}
		}
		return withHint(usageErrorf("missing %s: say who discarded which tile and who claims it", strings.Join(missing, ", ")),
			"e.g. mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'")
	}
	discarder, err := parseSeatFlag("discarder", o.Discarder)
	if err != nil {
		return err
	}
	tile, err := notation.ParseTile(strings.TrimSpace(o.Tile))
	if err != nil {
		return withHint(usageErrorf("--tile %q: %v", o.Tile, err), "one tile in MPSZ notation, e.g. 5p or 7z")
	}
	if !tile.IsPlaying() {
		return withHint(usageErrorf("--tile %s: only a suit or honour tile is discarded and claimed", tile),
			"flowers and seasons are laid out and replaced, never discarded; jokers are American")
	}
	claims, err := referee.ParseClaims(o.Claims)
	if err != nil {
		return withHint(usageErrorf("--claims: %v", err), "claims are SEAT ACTION [TILES] separated by commas, e.g. 'S win, N pong, E chow 456p'")
	}
	rs, err := f.Ruleset()
	if err != nil {
		return err
	}
	if rs.Family == rulesets.FamilyAmerican {
		return withHint(usageErrorf("ruleset %s (family %s): mjref claim rules on Hong Kong and DeBurger claims (a win, then a pong or kong, then a chow)", rs.Name, rs.Family),
			"American calls are ruled in a replay: mjref referee LOG")
	}
	hands, err := claimHands(o.Hands, rs, discarder)
	if err != nil {
		return err
	}
	deps, err := refereeDeps(rs)
	if err != nil {
		return err
	}
	var ct referee.ClaimTable
	if ct.Dealer, err = parseSeatFlag("dealer", o.Dealer); err != nil {
		return err
	}
	if ct.Prevailing, err = parseSeatFlag("prevailing", o.Prevailing); err != nil {
		return err
	}
	d, err := referee.ResolveClaimsAt(ct, discarder, tile, claims, hands, deps)
	if err != nil {
		return withHint(usageErrorf("%v", err), "e.g. mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'")
	}
	v := newClaimView(rs, discarder, tile, &d)
	return renderResult(o.IO.Out, o.Output, v, renderClaim, v.Clear)
}

// claimHands reads the --hand SEAT=HAND values.
func claimHands(args []string, rs *rulesets.Ruleset, discarder notation.Seat) ([4]*notation.Hand, error) {
	var hands [4]*notation.Hand
	for _, a := range args {
		k, text, ok := strings.Cut(a, "=")
		if !ok {
			return hands, withHint(usageErrorf("--hand %q: expected SEAT=HAND", a), "e.g. --hand N=123m456p789s11z46p")
		}
		s, err := parseSeatFlag("hand", k)
		if err != nil {
			return hands, err
		}
		if hands[s] != nil {
			return hands, usageErrorf("--hand: %s is given twice", s)
		}
		if s == discarder {
			return hands, usageErrorf("--hand %s: %s discarded the tile and cannot claim it: give the claimants' hands", s, s)
		}
		h, err := notation.ParseWith(text, notationOptions(rs))
		if err != nil {
			return hands, fmt.Errorf("--hand %s: %w", s, err)
		}
		if n := h.TileCount(); n != 13 && n != 14 {
			return hands, withHint(usageErrorf("--hand %s holds %s: expected 13 before the discard, or 14 with it (a kong counts as three)", s, plural(n, "tile")),
				"give the claimant's concealed tiles and melds before the discard, e.g. 123m456p11z46s [555s]")
		}
		hands[s] = &h
	}
	return hands, nil
}

func renderClaim(w io.Writer, v *claimView) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	fmt.Fprintf(w, "discard:  %s by %s\n", v.Tile, v.Discarder)
	rows := make([][]string, 0, len(v.Rulings))
	for _, r := range v.Rulings {
		rows = append(rows, []string{r.Seat.String(), r.Action, string(r.Verdict), ruleCite(r.Rule, r.Source), r.Reason})
	}
	if err := table(w, []string{"seat", "claim", "verdict", "rule", "reason"}, rows); err != nil {
		return err
	}
	if len(v.Takers) > 0 {
		fmt.Fprintf(w, "takes:    %s (%s)\n", seatsText(v.Takers), v.Action)
	} else {
		fmt.Fprintln(w, "takes:    nobody")
	}
	if len(v.Skipped) > 0 {
		fmt.Fprintf(w, "skipped:  %s\n", seatsText(v.Skipped))
	}
	fmt.Fprintf(w, "ruling:   %s\n", v.Reason)
	return nil
}
