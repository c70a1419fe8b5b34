package referee

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Claim is one player's claim on a discard: chow, pong, kong, win, or pass.
type Claim struct {
	Seat notation.Seat
	Verb Verb
	// Tiles are a chow's three tiles (or empty when not said); for the other claims the tile, or empty.
	Tiles []notation.Tile
}

// String returns "W pong 9s".
func (c Claim) String() string {
	s := c.Seat.String() + " " + c.Verb.String()
	if len(c.Tiles) > 0 {
		s += " " + notation.FormatTiles(c.Tiles)
	}
	return s
}

// ParseClaims reads claims separated by commas: "S win, N pong, E chow 456p".
func ParseClaims(s string) ([]Claim, error) {
	parts := splitClaims(s)
	if len(parts) == 0 {
		return nil, fmt.Errorf("no claims: expected e.g. \"S win, N pong, E chow\"")
	}
	out := make([]Claim, 0, len(parts))
	for _, p := range parts {
		ev, err := ParseEvent(p)
		if err != nil {
			return nil, fmt.Errorf("claim %q: %w", p, err)
		}
		switch ev.Verb {
		case VerbChow, VerbPong, VerbKong, VerbWin, VerbPass:
		default:
			return nil, fmt.Errorf("claim %q: a claim is chow, pong, kong, win or pass", p)
		}
		out = append(out, Claim{Seat: ev.Seat, Verb: ev.Verb, Tiles: ev.Tiles})
	}
	return out, nil
}

// rank orders claims: a win beats a pong or kong, which beats a chow.
func rank(v Verb) int {
	switch v {
	case VerbWin:
		return 3
	case VerbPong, VerbKong:
		return 2
	case VerbChow:
		return 1
	}
	return 0
}

// distance is how many turns after the discarder seat s sits (1 for the next seat).
func distance(discarder, s notation.Seat) int { return (int(s) - int(discarder) + 4) % 4 }

// between lists the seats strictly between the discarder and the claimer in turn order: they miss
// their turn when the claim is made.
func between(discarder, claimer notation.Seat) []notation.Seat {
	var out []notation.Seat
	for s := discarder.Next(); s != claimer && s != discarder; s = s.Next() {
		out = append(out, s)
	}
	return out
}

// claimHolder answers what the referee knows about a seat's hand.
type claimHolder interface {
	// holds reports whether the seat can hold these tiles (unseen tiles may be any).
	holds(s notation.Seat, need notation.Counts) bool
}

// checkClaim rules on one claim on its own, before priority: right seat, right tile, tiles in hand.
// It returns the meld the claim makes (for chow, pong, kong).
func checkClaim(c Claim, discarder notation.Seat, tile notation.Tile, h claimHolder, cr *ClaimRules) (notation.Meld, string, string, bool) {
	chow, pong, kong := cr.say(VerbChow), cr.say(VerbPong), cr.say(VerbKong)
	if c.Seat == discarder {
		return notation.Meld{}, RuleOwnDiscard, fmt.Sprintf("%s cannot claim their own discard", c.Seat), false
	}
	switch c.Verb {
	case VerbChow:
		if c.Seat != discarder.Next() {
			return notation.Meld{}, RuleChowFromLeft, fmt.Sprintf("a %s may be claimed only from the player before you (上家): %s's %s must come from %s, not %s", chow, c.Seat, chow, c.Seat.Prev(), discarder), false
		}
		if !tile.IsSuited() {
			return notation.Meld{}, RuleChowShape, fmt.Sprintf("%s is not a suit tile: honours cannot form a %s", tile, chow), false
		}
		if len(c.Tiles) == 0 {
			// The run was not said: any run through the tile the hand can make.
			for lo := tile - 2; lo <= tile; lo++ {
				if lo.IsSuited() && (lo + 2).IsSuited() && lo.Suit() == tile.Suit() && (lo+2).Suit() == tile.Suit() {
					need := notation.CountsOf(lo, lo+1, lo+2)
					need[tile]--
					if h.holds(c.Seat, need) {
						return notation.Meld{Kind: notation.Chow, Tile: lo, From: discarder}, RuleChowFromLeft, "", true
					}
				}
			}
			return notation.Meld{}, RuleChowShape, fmt.Sprintf("%s holds no two tiles that make a run with %s", c.Seat, tile), false
		}
		lo := sortedRun(c.Tiles)
		if lo == notation.NoTile || tile < lo || tile > lo+2 {
			return notation.Meld{}, RuleChowShape, fmt.Sprintf("%s is not a run through the discard %s", notation.FormatTiles(c.Tiles), tile), false
		}
		need := notation.CountsOf(lo, lo+1, lo+2)
		need[tile]--
		if !h.holds(c.Seat, need) {
			return notation.Meld{}, RuleInHand, fmt.Sprintf("%s does not hold %s for the %s", c.Seat, need.String(), chow), false
		}
		return notation.Meld{Kind: notation.Chow, Tile: lo, From: discarder}, RuleChowFromLeft, "", true
	case VerbPong, VerbKong, VerbWin, VerbPass:
		if t := firstTile(c.Tiles); t != notation.NoTile && t != tile {
			return notation.Meld{}, RuleClaimTile, fmt.Sprintf("the discard is %s, not %s", tile, t), false
		}
	}
	switch c.Verb {
	case VerbPong:
		if !tile.IsPlaying() {
			return notation.Meld{}, RulePongPair, fmt.Sprintf("%s cannot be called for a %s", tile, pong), false
		}
		var need notation.Counts
		need[tile] = 2
		if !h.holds(c.Seat, need) {
			return notation.Meld{}, RulePongPair, fmt.Sprintf("a %s needs a pair of %s in the hand, and %s does not hold one", pong, tile, c.Seat), false
		}
		return notation.Meld{Kind: notation.Pong, Tile: tile, From: discarder}, RulePongPair, "", true
	case VerbKong:
		if !tile.IsPlaying() {
			return notation.Meld{}, RuleKongThree, fmt.Sprintf("%s cannot be called for a %s", tile, kong), false
		}
		var need notation.Counts
		need[tile] = 3
		if !h.holds(c.Seat, need) {
			return notation.Meld{}, RuleKongThree, fmt.Sprintf("%s needs three %s in the hand, and %s does not hold them", cr.openKong(), tile, c.Seat), false
		}
		return notation.Meld{Kind: notation.Kong, Tile: tile, From: discarder}, RuleKongThree, "", true
	}
	return notation.Meld{}, RuleWin, "", true
}

func firstTile(ts []notation.Tile) notation.Tile {
	if len(ts) == 0 {
		return notation.NoTile
	}
	return ts[0]
}

// decide picks who takes a discard among the legal claims: wins first (head bump: only the one next after
// the discarder, unless every claimant wins), then a pong or kong, then a chow. It returns the indexes of
// the taking claims and, for every legal claim left out, why.
func decide(discarder notation.Seat, claims []Claim, legal []bool, allWin bool, cr *ClaimRules) ([]int, []string) {
	why := make([]string, len(claims))
	best := -1
	for i, c := range claims {
		if !legal[i] || c.Verb == VerbPass {
			continue
		}
		if best < 0 || rank(c.Verb) > rank(claims[best].Verb) ||
			rank(c.Verb) == rank(claims[best].Verb) && distance(discarder, c.Seat) < distance(discarder, claims[best].Seat) {
			best = i
		}
	}
	if best < 0 {
		return nil, why
	}
	takers := []int{best}
	top := claims[best]
	if top.Verb == VerbWin && allWin {
		for i, c := range claims {
			if i != best && legal[i] && c.Verb == VerbWin {
				takers = append(takers, i)
			}
		}
	}
	for i, c := range claims {
		if !legal[i] || c.Verb == VerbPass || isIn(i, takers) {
			continue
		}
		switch {
		case c.Verb == VerbWin && top.Verb == VerbWin:
			why[i] = fmt.Sprintf("%s: %s sits next after %s and takes the %s", cr.headBump(), top.Seat, discarder, cr.say(VerbWin))
		case rank(c.Verb) < rank(top.Verb):
			why[i] = fmt.Sprintf("%s's %s takes the tile: %s", top.Seat, cr.say(top.Verb), priorityText(top.Verb, c.Verb, cr))
		default:
			why[i] = fmt.Sprintf("%s's %s takes the tile: it sits nearer after %s", top.Seat, cr.say(top.Verb), discarder)
		}
	}
	return takers, why
}

func priorityText(hi, lo Verb, cr *ClaimRules) string {
	if hi == VerbWin {
		return "a " + cr.say(VerbWin) + " beats a " + cr.say(lo)
	}
	return "a " + cr.say(hi) + " beats a " + cr.say(VerbChow)
}

func isIn(i int, xs []int) bool {
	for _, x := range xs {
		if x == i {
			return true
		}
	}
	return false
}

// takerRule is the rule cited for a claim that takes the tile: the claim's own rule when it stood alone,
// claim-priority when it beat others, head-bump when it beat other wins.
func takerRule(c Claim, own string, claims []Claim, legal []bool) string {
	switch {
	case c.Verb == VerbWin && countVerb(claims, legal, VerbWin) > 1:
		return RuleHeadBump
	case countLegal(claims, legal) > 1:
		return RuleClaimPriority
	}
	return own
}

func countLegal(claims []Claim, legal []bool) int {
	n := 0
	for i, c := range claims {
		if legal[i] && c.Verb != VerbPass {
			n++
		}
	}
	return n
}

// ClaimDecision answers a quick claim dispute: who takes the tile and why.
type ClaimDecision struct {
	// Takers are the seats that take the tile (several only when every claimant of a win wins).
	Takers []notation.Seat `json:"takers"`
	// Action is what the takers do with it: chow, pong, kong or win; empty when nobody takes it.
	Action string `json:"action"`
	// Skipped are the seats between the discarder and the taker: they miss their turn.
	Skipped []notation.Seat `json:"skipped"`
	// Rulings has one ruling per claim, in the order given.
	Rulings []Ruling `json:"rulings"`
	// Abort names the abortive draw the claims end the hand in ("sanchahou": three rons where
	// only two are paid), or is empty; then nobody takes the tile.
	Abort string `json:"abort,omitempty"`
	// Reason sums the decision up in a sentence.
	Reason string `json:"reason"`
}

// handsHolder answers from optional hands: a nil hand may hold anything.
type handsHolder [4]*notation.Hand

func (h handsHolder) holds(s notation.Seat, need notation.Counts) bool {
	if int(s) > 3 || h[s] == nil {
		return true
	}
	for t, n := range need {
		if h[s].Concealed[t] < n {
			return false
		}
	}
	return true
}

// ResolveClaims rules on claims made at the same time on one discard, as in
// `mjref claim --discarder W --tile 5p --claims 'S win, N pong, E chow'`. Hands are optional (nil when
// not known): a given hand is the claimant's tiles before the discard (13, or 14 with the discard
// already added), and then a pong must find its pair, a chow its run and a win is scored with deps.Score.
// A win claim with no hand, or no scorer, is taken as declared. A win is scored with East dealing in
// an East round; ResolveClaimsAt says otherwise.
func ResolveClaims(discarder notation.Seat, tile notation.Tile, claims []Claim, hands [4]*notation.Hand, deps Deps) (ClaimDecision, error) {
	return ResolveClaimsAt(ClaimTable{Dealer: notation.SeatEast, Prevailing: notation.SeatEast}, discarder, tile, claims, hands, deps)
}

// ClaimTable is where claims are made, for scoring a claimed win: who deals this hand (each seat's
// wind counts from the dealer) and the prevailing wind.
type ClaimTable struct {
	Dealer, Prevailing notation.Seat
	// Riichi are the seats that have declared riichi (a riichi table): such a seat calls only a
	// win, and its win is scored with riichi (ClaimRules.RiichiScore).
	Riichi [4]bool
}

// ClaimRules are what a family changes in a ruling on claims (riichi's); the zero value is Hong
// Kong's: head bump or every claimant wins as the referee rules' MultipleWins says.
type ClaimRules struct {
	// ThreePlayers is three-player riichi (sanma): seats E, S and W (a North seat is bad input),
	// the turn passing W to E, and every chow refused (RuleNoChiThree).
	ThreePlayers bool
	// WinsAbort, above 0, is how many wins on one discard end the hand in an abortive draw
	// instead of being paid (riichi's sanchahou: 3 where multiple_ron is 2): nobody takes the tile.
	WinsAbort int
	// Abort names that abortive draw ("sanchahou"), as ClaimDecision.Abort says it.
	Abort string
	// SeveralWin is the rule each winner cites when several take one discard: RuleWin when empty
	// (riichi: RuleMultipleRon, citing its multiple_ron).
	SeveralWin string
	// RiichiScore scores a claimed win by a seat in riichi (ClaimTable.Riichi); a table with a
	// seat in riichi needs it.
	RiichiScore Scorer
	// FalseWin and HeadBump are the family's words for a false win and a head bump, in reasons:
	// "false win (詐糊)" and "head bump (截糊)" when empty.
	FalseWin, HeadBump string
	// Verbs are the family's words for the claims (riichi: ron, pon, kan, chi), in the rulings'
	// actions and reasons; a verb not listed is written as a log writes it (Verb.String).
	Verbs map[Verb]string
}

// openKong is "an exposed kong", or "an open kan" when the family says kan.
func (cr *ClaimRules) openKong() string {
	if w, ok := cr.Verbs[VerbKong]; ok {
		return "an open " + w
	}
	return "an exposed kong"
}

// say is the family's word for the claim v.
func (cr *ClaimRules) say(v Verb) string {
	if w, ok := cr.Verbs[v]; ok {
		return w
	}
	return v.String()
}

func (cr *ClaimRules) falseWin() string {
	if cr.FalseWin == "" {
		return "false win (詐糊)"
	}
	return cr.FalseWin
}

func (cr *ClaimRules) headBump() string {
	if cr.HeadBump == "" {
		return "head bump (截糊)"
	}
	return cr.HeadBump
}

// SeatWind returns the seat wind of the player at seat s.
func (ct ClaimTable) SeatWind(s notation.Seat) notation.Seat { return (s - ct.Dealer + 4) % 4 }

// ResolveClaimsAt is ResolveClaims at a table where ct.Dealer deals with ct.Prevailing prevailing.
func ResolveClaimsAt(ct ClaimTable, discarder notation.Seat, tile notation.Tile, claims []Claim, hands [4]*notation.Hand, deps Deps) (ClaimDecision, error) {
	var d ClaimDecision
	if ct.Dealer > notation.SeatNorth || ct.Prevailing > notation.SeatNorth {
		return d, fmt.Errorf("unknown dealer or prevailing wind: expected E, S, W or N")
	}
	if discarder > notation.SeatNorth {
		return d, fmt.Errorf("unknown discarder: expected E, S, W or N")
	}
	if !tile.IsPlaying() {
		return d, fmt.Errorf("%s cannot be discarded: expected a suit or honour tile", tile)
	}
	if deps.Claims.ThreePlayers {
		if discarder == notation.SeatNorth {
			return d, fmt.Errorf("the discarder is N, but three players sit E, S and W")
		}
		for _, c := range claims {
			if c.Seat == notation.SeatNorth {
				return d, fmt.Errorf("claim %q: three players sit E, S and W: there is no North seat", c)
			}
		}
	}
	// Hands given with the discard already in them hold 14: take it out for the claim checks.
	for i, h := range hands {
		if h != nil && h.TileCount() == 14 && h.Concealed[tile] > 0 {
			c := *h
			c.Concealed[tile]--
			hands[i] = &c
		}
	}
	legal := make([]bool, len(claims))
	rules := make([]string, len(claims))
	reasons := make([]string, len(claims))
	seen := [4]bool{}
	for i, c := range claims {
		if c.Seat > notation.SeatNorth {
			return d, fmt.Errorf("claim %d: unknown seat", i+1)
		}
		if seen[c.Seat] && c.Verb != VerbPass {
			rules[i], reasons[i] = RuleClaimPriority, fmt.Sprintf("%s makes one claim on a discard", c.Seat)
			continue
		}
		seen[c.Seat] = true
		_, rule, reason, ok := checkClaim(c, discarder, tile, handsHolder(hands), &deps.Claims)
		switch {
		case c.Verb == VerbChow && deps.Claims.ThreePlayers && c.Seat != discarder:
			rule, reason, ok = RuleNoChiThree, "three players play no chi", false
		case !ok || c.Seat == discarder:
		case ct.Riichi[c.Seat] && (c.Verb == VerbChow || c.Verb == VerbPong || c.Verb == VerbKong):
			rule, reason, ok = RuleRiichiDiscard, fmt.Sprintf("%s has declared riichi and calls only a %s, not a %s", c.Seat, deps.Claims.say(VerbWin), deps.Claims.say(c.Verb)), false
		}
		rules[i], reasons[i], legal[i] = rule, reason, ok
		score := deps.Score
		if ct.Riichi[c.Seat] {
			score = deps.Claims.RiichiScore
		}
		if ok && c.Verb == VerbWin && hands[c.Seat] != nil && score != nil {
			h := *hands[c.Seat]
			h.Melds = append([]notation.Meld(nil), h.Melds...)
			if h.TileCount() == 13 {
				h.Concealed[tile]++
			}
			h.Win = tile
			sit := scoring.Situation{Seat: ct.SeatWind(c.Seat), Prevailing: ct.Prevailing, Win: scoring.Discard, Discarder: ct.SeatWind(discarder)}
			sc, err := score(&h, sit)
			switch {
			case err != nil:
				legal[i], rules[i], reasons[i] = false, RuleFalseWin, fmt.Sprintf("%s: %v", deps.Claims.falseWin(), err)
			case !sc.Valid:
				legal[i], rules[i], reasons[i] = false, RuleFalseWin, deps.Claims.falseWin()+": "+sc.Reason
			default:
				reasons[i] = fmt.Sprintf("a valid hand worth %d", sc.Total)
			}
		}
	}
	takers, why := decide(discarder, claims, legal, deps.Rules.AllWin(), &deps.Claims)
	abort := deps.Claims.WinsAbort > 0 && len(takers) >= deps.Claims.WinsAbort && claims[takers[0]].Verb == VerbWin
	if abort {
		d.Abort = deps.Claims.Abort
		text := fmt.Sprintf("%s win on %s: the hand ends in an abortive draw (%s), and nobody takes the tile", words.Count(len(takers), "player"), tile, d.Abort)
		for i, c := range claims {
			switch {
			case isIn(i, takers):
				reasons[i], rules[i] = joinReason(reasons[i], text), RuleSanchahou
			case legal[i] && c.Verb != VerbPass:
				why[i] = text
			}
		}
		takers = nil
	}
	for i, c := range claims {
		r := Ruling{Event: 1, Seat: c.Seat, Action: deps.Claims.actionText(c), Verdict: VerdictOK, Rule: rules[i], Reason: reasons[i]}
		switch {
		case !legal[i]:
			r.Verdict = VerdictIllegal
		case c.Verb == VerbPass:
			r.Rule, r.Reason = RulePass, fmt.Sprintf("%s passes", c.Seat)
		case abort && c.Verb == VerbWin:
			// The wins that end the hand: their rule is already RuleSanchahou.
		case abort:
			r.Reason, r.Rule = why[i], RuleSanchahou
		case isIn(i, takers):
			r.Reason = joinReason(reasons[i], fmt.Sprintf("%s takes %s", c.Seat, tile))
			r.Rule = takerRule(c, rules[i], claims, legal)
			if c.Verb == VerbWin && len(takers) > 1 {
				r.Rule = RuleWin // every claimant wins
				if deps.Claims.SeveralWin != "" {
					r.Rule = deps.Claims.SeveralWin
				}
			}
		default:
			r.Reason, r.Rule = why[i], RuleClaimPriority
			if c.Verb == VerbWin {
				r.Rule = RuleHeadBump
			}
		}
		d.Rulings = append(d.Rulings, r)
	}
	explain(&deps.Rules, d.Rulings)
	switch {
	case abort:
		d.Reason = fmt.Sprintf("nobody takes %s: %s win on it, and the hand ends in an abortive draw (%s)", tile, seatList(winSeats(claims, legal)), d.Abort)
		return d, nil
	case len(takers) == 0:
		next := discarder.Next()
		if deps.Claims.ThreePlayers && next == notation.SeatNorth {
			next = notation.SeatEast
		}
		d.Reason = fmt.Sprintf("nobody takes %s: %s draws next", tile, next)
		return d, nil
	}
	top := claims[takers[0]]
	d.Action = deps.Claims.say(top.Verb)
	for _, i := range takers {
		d.Takers = append(d.Takers, claims[i].Seat)
	}
	if top.Verb != VerbWin {
		d.Skipped = between(discarder, top.Seat)
		if deps.Claims.ThreePlayers {
			d.Skipped = slices.DeleteFunc(d.Skipped, func(s notation.Seat) bool { return s == notation.SeatNorth })
		}
	}
	var b strings.Builder
	verb := "takes"
	if len(d.Takers) > 1 {
		verb = "take"
	}
	fmt.Fprintf(&b, "%s %s %s for a %s", seatList(d.Takers), verb, tile, deps.Claims.say(top.Verb))
	for i, c := range claims {
		if why[i] != "" && legal[i] {
			fmt.Fprintf(&b, "; %s's %s loses: %s", c.Seat, deps.Claims.say(c.Verb), priorityOrBump(top, c, discarder, &deps.Claims))
		}
	}
	if len(d.Skipped) > 0 {
		fmt.Fprintf(&b, "; %s miss%s the turn: play continues from %s", seatList(d.Skipped), plural(len(d.Skipped)), top.Seat)
	}
	d.Reason = b.String()
	return d, nil
}

func priorityOrBump(top, c Claim, discarder notation.Seat, cr *ClaimRules) string {
	switch {
	case c.Verb == VerbWin && top.Verb == VerbWin:
		bump, _, _ := strings.Cut(cr.headBump(), " (")
		return fmt.Sprintf("%s, %s sits nearer after %s", bump, top.Seat, discarder)
	case rank(c.Verb) < rank(top.Verb):
		return priorityText(top.Verb, c.Verb, cr)
	}
	return fmt.Sprintf("%s sits nearer after %s", top.Seat, discarder)
}

func plural(n int) string {
	if n == 1 {
		return "es"
	}
	return ""
}

func seatList(ss []notation.Seat) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = s.String()
	}
	return strings.Join(parts, " and ")
}

func countVerb(claims []Claim, legal []bool, v Verb) int {
	n := 0
	for i, c := range claims {
		if legal[i] && c.Verb == v {
			n++
		}
	}
	return n
}

func joinReason(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// winSeats are the seats of the legal win claims.
func winSeats(claims []Claim, legal []bool) []notation.Seat {
	var out []notation.Seat
	for i, c := range claims {
		if legal[i] && c.Verb == VerbWin {
			out = append(out, c.Seat)
		}
	}
	return out
}

// actionText is the claim as a ruling's action shows it, in the family's words: "pon", "chi 456p".
func (cr *ClaimRules) actionText(c Claim) string {
	s := cr.say(c.Verb)
	if len(c.Tiles) > 0 {
		s += " " + tilesText(c.Tiles)
	}
	return s
}
