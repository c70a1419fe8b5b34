package engine

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/scoring"
)

// Claimer is Rules that rule on claims made at the same time on one discard
// (referee.ResolveClaimsAt): Hong Kong, DeBurger and riichi. A family whose calls are ruled only
// in a replay (American) is not one.
type Claimer interface {
	// ClaimDeps wires the ruleset into the ruling: the claims' priorities and, for a claimed win,
	// the scorer.
	ClaimDeps() referee.Deps
}

// ClaimRequest is one discard and the claims on it, as mjref claim's flags (and a server's
// request body) give them: seats as letters (E S W N), the tile in notation.
type ClaimRequest struct {
	Discarder string `json:"discarder"`
	Tile      string `json:"tile"`
	// Claims are SEAT ACTION [TILES], separated by commas: "S win, N pong, E chow 456p".
	Claims string `json:"claims"`
	// Hands are SEAT=HAND values: the claimants' concealed tiles (13 before the discard, or 14
	// with it), when legality depends on them.
	Hands []string `json:"hands,omitempty" flag:"hand"`
	// Dealer and Prevailing place the claims at the table, for scoring a claimed win (default E).
	Dealer     string `json:"dealer,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	// Riichi are the seats that have declared riichi, "S" or "S,N" (riichi rulesets): they call
	// only a ron, scored with riichi.
	Riichi string `json:"riichi,omitempty"`
}

// ClaimView is the ruling on the claims: the question, each claim's ruling and who takes the
// tile. Its JSON is the contract of schema/claim.json.
type ClaimView struct {
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
	Rulings []ClaimRuling   `json:"rulings"`
	// Abort names the abortive draw the claims end the hand in (riichi's sanchahou: three rons
	// where two are paid), or is left out; then nobody takes the tile.
	Abort  string `json:"abort,omitempty"`
	Reason string `json:"reason"`
}

// ClaimRuling is the ruling on one claim, in the order the claims were given.
type ClaimRuling struct {
	Seat    notation.Seat   `json:"seat"`
	Action  string          `json:"action"`
	Verdict referee.Verdict `json:"verdict"`
	Rule    string          `json:"rule"`
	Reason  string          `json:"reason"`
	Name    string          `json:"name,omitempty"`
	Source  *scoring.Source `json:"source,omitempty"`
}

// Positive says whether every claim is allowed.
func (v *ClaimView) Positive() bool { return v.Clear }

const claimExample = "e.g. mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'"

// claim rules on the claims req gives under r.
func claim(r family.Rules, req ClaimRequest) (*ClaimView, error) {
	if req.Discarder == "" || req.Tile == "" || req.Claims == "" {
		var missing []string
		for _, m := range []struct{ flag, val string }{{"--discarder", req.Discarder}, {"--tile", req.Tile}, {"--claims", req.Claims}} {
			if m.val == "" {
				missing = append(missing, m.flag)
			}
		}
		return nil, family.WithHint(family.Usagef("missing %s: say who discarded which tile and who claims it", strings.Join(missing, ", ")), claimExample)
	}
	discarder, err := parseSeatFlag("discarder", req.Discarder)
	if err != nil {
		return nil, err
	}
	tile, err := notation.ParseTile(strings.TrimSpace(req.Tile))
	if err != nil {
		return nil, family.WithHint(family.Usagef("--tile %q: %v", req.Tile, err), "one tile in MPSZ notation, e.g. 5p or 7z")
	}
	if !tile.IsPlaying() {
		return nil, family.WithHint(family.Usagef("--tile %s: only a suit or honour tile is discarded and claimed", tile),
			"flowers and seasons are laid out and replaced, never discarded; jokers are American")
	}
	claims, err := referee.ParseClaims(req.Claims)
	if err != nil {
		return nil, family.WithHint(family.Usagef("--claims: %v", err), "claims are SEAT ACTION [TILES] separated by commas, e.g. 'S win, N pong, E chow 456p'")
	}
	cl, ok := r.(Claimer)
	if !ok {
		rs := r.Ruleset()
		return nil, family.WithHint(family.Usagef("ruleset %s (family %s): mjref claim rules on %s claims (a win, then a pong or kong, then a chow)", rs.Name, rs.Family, claimFamilies()),
			"American calls are ruled in a replay: mjref referee LOG")
	}
	deps := cl.ClaimDeps()
	hands, err := claimHands(req.Hands, r.Family().Notation(), discarder)
	if err != nil {
		return nil, err
	}
	var ct referee.ClaimTable
	if ct.Dealer, err = optionalSeat("dealer", req.Dealer, notation.SeatEast); err != nil {
		return nil, err
	}
	if ct.Prevailing, err = optionalSeat("prevailing", req.Prevailing, notation.SeatEast); err != nil {
		return nil, err
	}
	if req.Riichi != "" {
		if deps.Claims.RiichiScore == nil {
			rs := r.Ruleset()
			return nil, family.Usagef("--riichi: ruleset %s (family %s) has no riichi: only riichi claims read it", rs.Name, rs.Family)
		}
		seats, err := parseSeatList("riichi", req.Riichi)
		if err != nil {
			return nil, err
		}
		for _, s := range seats {
			ct.Riichi[s] = true
		}
	}
	d, err := referee.ResolveClaimsAt(ct, discarder, tile, claims, hands, deps)
	if err != nil {
		return nil, family.WithHint(family.Usagef("%v", err), claimExample)
	}
	v := &ClaimView{Ruleset: r.Ruleset().Name, Discarder: discarder, Tile: tile, Clear: true, Action: d.Action, Reason: d.Reason,
		Takers: append([]notation.Seat{}, d.Takers...), Skipped: append([]notation.Seat{}, d.Skipped...), Abort: d.Abort}
	v.Rulings = make([]ClaimRuling, 0, len(d.Rulings))
	for _, x := range d.Rulings {
		if x.Verdict != referee.VerdictOK {
			v.Clear = false
		}
		v.Rulings = append(v.Rulings, ClaimRuling{Seat: x.Seat, Action: x.Action, Verdict: x.Verdict, Rule: x.Rule, Reason: x.Reason, Name: x.Name, Source: x.Source})
	}
	return v, nil
}

// claimHands reads the --hand SEAT=HAND values, read as opt says.
func claimHands(args []string, opt notation.Options, discarder notation.Seat) ([4]*notation.Hand, error) {
	var hands [4]*notation.Hand
	for _, a := range args {
		k, text, ok := strings.Cut(a, "=")
		if !ok {
			return hands, family.WithHint(family.Usagef("--hand %q: expected SEAT=HAND", a), "e.g. --hand N=123m456p789s11z46p")
		}
		s, err := parseSeatFlag("hand", k)
		if err != nil {
			return hands, err
		}
		if hands[s] != nil {
			return hands, family.Usagef("--hand: %s is given twice", s)
		}
		if s == discarder {
			return hands, family.Usagef("--hand %s: %s discarded the tile and cannot claim it: give the claimants' hands", s, s)
		}
		h, err := notation.ParseWith(text, opt)
		if err != nil {
			return hands, fmt.Errorf("--hand %s: %w", s, err)
		}
		if n := h.TileCount(); n != 13 && n != 14 {
			tiles := fmt.Sprintf("%d tiles", n)
			if n == 1 {
				tiles = "1 tile"
			}
			return hands, family.WithHint(family.Usagef("--hand %s holds %s: expected 13 before the discard, or 14 with it (a kong counts as three)", s, tiles),
				"give the claimant's concealed tiles and melds before the discard, e.g. 123m456p11z46s [555s]")
		}
		hands[s] = &h
	}
	return hands, nil
}

// Render writes the discard, each claim's ruling, who takes the tile and why.
func (v *ClaimView) Render(w family.Printer) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	fmt.Fprintf(w, "discard:  %s by %s\n", v.Tile, v.Discarder)
	rows := make([][]string, 0, len(v.Rulings))
	for _, r := range v.Rulings {
		rows = append(rows, []string{r.Seat.String(), r.Action, string(r.Verdict), ruleCite(r.Rule, r.Source), r.Reason})
	}
	if err := w.Table([]string{"seat", "claim", "verdict", "rule", "reason"}, rows); err != nil {
		return err
	}
	switch {
	case len(v.Takers) > 0:
		fmt.Fprintf(w, "takes:    %s (%s)\n", seatsText(v.Takers), v.Action)
	case v.Abort != "":
		fmt.Fprintf(w, "takes:    nobody: an abortive draw (%s)\n", v.Abort)
	default:
		fmt.Fprintln(w, "takes:    nobody")
	}
	if len(v.Skipped) > 0 {
		fmt.Fprintf(w, "skipped:  %s\n", seatsText(v.Skipped))
	}
	_, err := fmt.Fprintf(w, "ruling:   %s\n", v.Reason)
	return err
}

// Claim rules on claims made at the same time on one discard: who takes the tile, and why each
// claim wins, loses or is not allowed. A claim that is not allowed is a ClaimView whose Clear is
// false. A family whose calls are ruled only in a replay (American) refuses: see Referee.
func (e *Engine) Claim(req ClaimRequest) (*ClaimView, error) { return claim(e.rules, req) }

// claimFamilies names the families that rule on claims one discard at a time, for a message:
// "Hong Kong, DeBurger and Riichi".
func claimFamilies() string {
	var titles []string
	for _, f := range families {
		if familyPlays(f, func(r family.Rules) bool { _, ok := r.(Claimer); return ok }) {
			titles = append(titles, f.Title())
		}
	}
	if len(titles) < 2 {
		return strings.Join(titles, "")
	}
	return strings.Join(titles[:len(titles)-1], ", ") + " and " + titles[len(titles)-1]
}
