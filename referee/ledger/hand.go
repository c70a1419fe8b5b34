package ledger

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/scoring"
)

// Hand is the outcome of one hand as the table reports it. Players are named. Exactly one of Drawn,
// Winner and FalseWin is set. Deltas, when given, are each player's change in the order of the
// players and no settlement is run (DeBurger, where every player scores their own tiles, or a
// settlement made elsewhere); otherwise the Ledger's Settler computes them.
type Hand struct {
	Drawn       bool            `json:"drawn,omitempty"`       // 流局: nobody won
	Winner      string          `json:"winner,omitempty"`      // who won
	Win         scoring.WinKind `json:"win,omitempty"`         // how the winning tile came; with no discarder a discard win is read as a self-draw
	Discarder   string          `json:"discarder,omitempty"`   // who discarded the winning tile (or made the robbed kong)
	Faan        int             `json:"faan,omitempty"`        // Hong Kong: the winner's faan
	Value       int             `json:"value,omitempty"`       // American: the hand's value on the card
	Limit       bool            `json:"limit,omitempty"`       // a limit hand
	Jokerless   bool            `json:"jokerless,omitempty"`   // American: no jokers
	Responsible string          `json:"responsible,omitempty"` // 包: who pays for the others
	Misnamed    bool            `json:"misnamed,omitempty"`    // American: the discarder misnamed the winning discard
	FalseWin    string          `json:"false_win,omitempty"`   // 詐糊: who declared a false win
	Tiles       string          `json:"tiles,omitempty"`       // the winning hand in notation, kept for the record
	// Also are the other winners paid on the same discard (一炮多響, a ruleset whose
	// multiple_winners is "all"), each with what their hand is worth.
	Also []Claim `json:"also,omitempty"`
	// HowUnknown says nobody said how the winning tile came (a DeBurger hand recorded from its
	// points alone): the hand is neither a self-draw nor a discard win.
	HowUnknown bool `json:"how_unknown,omitempty"`
	// Bumped are the players who claimed the same discard for a win and lost it to a head bump
	// (截糊): they pay like any loser. Kept for the record.
	Bumped []string `json:"bumped,omitempty"`
	Deltas []Amount `json:"deltas,omitempty"` // each player's change, given directly
	// Sets are the ruleset overrides this hand alone is paid under (ledger add --set ...
	// --this-hand), on top of the game's; see Settlement.
	Sets []string `json:"sets,omitempty"`
	Note string   `json:"note,omitempty"`
	// Riichi: Han and Fu (or Yakuman, the number of yakuman) are the winner's worth. Riichi are the
	// players who declared riichi in the hand (each put a stick on the table); Tenpai those ready
	// at an exhaustive draw and Nagashi those paid nagashi mangan; Abortive is the id of the
	// abortive draw a drawn hand ended in ("" for an exhaustive draw).
	Han      int      `json:"han,omitempty"`
	Fu       int      `json:"fu,omitempty"`
	Yakuman  int      `json:"yakuman,omitempty"`
	Riichi   []string `json:"riichi,omitempty"`
	Tenpai   []string `json:"tenpai,omitempty"`
	Nagashi  []string `json:"nagashi,omitempty"`
	Abortive string   `json:"abortive,omitempty"`
}

// Claim is one more winner of a discard that several players won.
type Claim struct {
	Winner      string `json:"winner"`
	Faan        int    `json:"faan,omitempty"`
	Value       int    `json:"value,omitempty"`
	Limit       bool   `json:"limit,omitempty"`
	Jokerless   bool   `json:"jokerless,omitempty"`
	Responsible string `json:"responsible,omitempty"`
	Tiles       string `json:"tiles,omitempty"`
	Han         int    `json:"han,omitempty"`
	Fu          int    `json:"fu,omitempty"`
	Yakuman     int    `json:"yakuman,omitempty"`
}

// Winners returns every winner paid: the winner, then the others of the same discard.
func (h *Hand) Winners() []string {
	if h.Winner == "" {
		return nil
	}
	out := []string{h.Winner}
	for _, c := range h.Also {
		out = append(out, c.Winner)
	}
	return out
}

// Claims returns the winner and the others of the same discard as claims.
func (h *Hand) Claims() []Claim {
	if h.Winner == "" {
		return nil
	}
	first := Claim{Winner: h.Winner, Faan: h.Faan, Value: h.Value, Limit: h.Limit, Jokerless: h.Jokerless, Responsible: h.Responsible, Tiles: h.Tiles,
		Han: h.Han, Fu: h.Fu, Yakuman: h.Yakuman}
	return append([]Claim{first}, h.Also...)
}

// worth is "5 faan", "a limit hand", "25" or "".
func (c *Claim) worth() string {
	switch {
	case c.Limit:
		return "a limit hand"
	case c.Yakuman == 1:
		return "a yakuman"
	case c.Yakuman > 1:
		return fmt.Sprintf("%d× yakuman", c.Yakuman)
	case c.Han > 0 && c.Fu > 0:
		return fmt.Sprintf("%d han %d fu", c.Han, c.Fu)
	case c.Han > 0:
		return fmt.Sprintf("%d han", c.Han)
	case c.Faan > 0:
		return fmt.Sprintf("%d faan", c.Faan)
	case c.Value > 0:
		return strconv.Itoa(c.Value)
	}
	return ""
}

// rename replaces a player's name in the hand.
func (h *Hand) rename(from, to string) {
	for _, p := range []*string{&h.Winner, &h.Discarder, &h.Responsible, &h.FalseWin} {
		if *p == from {
			*p = to
		}
	}
	for i := range h.Also {
		for _, p := range []*string{&h.Also[i].Winner, &h.Also[i].Responsible} {
			if *p == from {
				*p = to
			}
		}
	}
	for _, list := range [][]string{h.Bumped, h.Riichi, h.Tenpai, h.Nagashi} {
		for i, b := range list {
			if b == from {
				list[i] = to
			}
		}
	}
}

// clone returns a copy sharing no slices with h.
func (h Hand) clone() Hand {
	h.Also = slices.Clone(h.Also)
	h.Bumped = slices.Clone(h.Bumped)
	h.Deltas = slices.Clone(h.Deltas)
	h.Sets = slices.Clone(h.Sets)
	h.Riichi = slices.Clone(h.Riichi)
	h.Tenpai = slices.Clone(h.Tenpai)
	h.Nagashi = slices.Clone(h.Nagashi)
	return h
}

// SelfDrawn reports whether the winner drew the winning tile.
func (h *Hand) SelfDrawn() bool {
	// A seven-flowers win with no discarder was self-drawn (a table that plays seven_flowers: self-draw).
	return h.Win.SelfDrawn() || (h.Winner != "" && h.Discarder == "" && (h.Win == scoring.Discard && !h.HowUnknown || h.Win == scoring.SevenFlowers))
}

// String describes the hand: "Ben wins 5 faan on Cat's discard", "drawn".
func (h *Hand) String() string {
	var b strings.Builder
	switch {
	case h.Drawn && h.Abortive != "":
		b.WriteString("abortive draw (" + h.Abortive + ")")
	case h.Drawn:
		b.WriteString("drawn")
		if len(h.Nagashi) > 0 {
			b.WriteString(", nagashi mangan: " + strings.Join(h.Nagashi, ", "))
		}
		if len(h.Tenpai) > 0 {
			b.WriteString(", ready: " + strings.Join(h.Tenpai, ", "))
		}
	case h.FalseWin != "":
		b.WriteString(h.FalseWin + " false win")
	default:
		for i, c := range h.Claims() {
			if i > 0 {
				b.WriteString(" and ")
			}
			b.WriteString(c.Winner + " wins")
			if w := c.worth(); w != "" {
				b.WriteString(" " + w)
			}
		}
		switch {
		case h.Discarder != "":
			fmt.Fprintf(&b, " on %s's discard", h.Discarder)
		case !h.HowUnknown:
			b.WriteString(" by self-draw")
		}
		if h.Win != scoring.Discard && h.Win != scoring.SelfDraw {
			b.WriteString(" (" + h.Win.String() + ")")
		}
		for _, c := range h.Claims() {
			if c.Responsible != "" {
				fmt.Fprintf(&b, ", %s responsible", c.Responsible)
				if len(h.Also) > 0 {
					fmt.Fprintf(&b, " for %s", c.Winner)
				}
			}
		}
		if len(h.Bumped) > 0 {
			fmt.Fprintf(&b, "; %s bumped (head bump)", strings.Join(h.Bumped, " and "))
		}
	}
	if len(h.Riichi) > 0 {
		b.WriteString("; riichi: " + strings.Join(h.Riichi, ", "))
	}
	return b.String()
}

// check validates the hand against the players; it returns the winner's index or -1.
func (h *Hand) check(players *Places, zeroSum bool) (int, error) {
	idx := func(role, name string) (int, error) {
		for i, p := range players {
			if p == name && name != "" {
				return i, nil
			}
		}
		return -1, fmt.Errorf("%s %q is not a player: the players are %s", role, name, strings.Join(names(*players), ", "))
	}
	winner := -1
	outcomes := 0
	if h.Drawn {
		outcomes++
	}
	if h.Winner != "" {
		outcomes++
	}
	if h.FalseWin != "" {
		outcomes++
	}
	if outcomes != 1 {
		return -1, fmt.Errorf("a hand needs exactly one of a winner, drawn or a false win")
	}
	if h.Faan < 0 || h.Value < 0 {
		return -1, fmt.Errorf("faan and value cannot be negative")
	}
	if !h.Win.Known() {
		return -1, fmt.Errorf("unknown win kind %d", h.Win)
	}
	if h.Winner != "" {
		w, err := idx("winner", h.Winner)
		if err != nil {
			return -1, err
		}
		winner = w
		if h.Discarder != "" {
			d, err := idx("discarder", h.Discarder)
			if err != nil {
				return -1, err
			}
			if d == w {
				return -1, fmt.Errorf("%s cannot win on their own discard", h.Winner)
			}
			if h.Win.SelfDrawn() {
				return -1, fmt.Errorf("a %s win has no discarder", h.Win)
			}
		}
		if h.HowUnknown && (h.Discarder != "" || h.Win != scoring.Discard) {
			return -1, fmt.Errorf("a hand whose win is not known has no discarder or win kind")
		}
		if len(h.Also) > 0 || len(h.Bumped) > 0 {
			if h.Discarder == "" {
				return -1, fmt.Errorf("several players claimed the winning tile, so it was a discard: name the discarder")
			}
		}
		won := map[string]bool{}
		for _, c := range h.Claims() {
			if won[c.Winner] {
				return -1, fmt.Errorf("%s is named twice as a winner", c.Winner)
			}
			won[c.Winner] = true
			if _, err := idx("winner", c.Winner); err != nil {
				return -1, err
			}
			if c.Winner == h.Discarder {
				return -1, fmt.Errorf("%s cannot win on their own discard", c.Winner)
			}
			if c.Faan < 0 || c.Value < 0 || c.Han < 0 || c.Fu < 0 || c.Yakuman < 0 {
				return -1, fmt.Errorf("faan, value, han, fu and yakuman cannot be negative")
			}
			if c.Responsible != "" {
				if _, err := idx("responsible player", c.Responsible); err != nil {
					return -1, err
				}
				if c.Responsible == c.Winner {
					return -1, fmt.Errorf("the winner cannot be responsible for their own win")
				}
			}
		}
		for _, c := range h.Claims() {
			if c.Responsible != "" && won[c.Responsible] {
				return -1, fmt.Errorf("%s won too, so cannot be responsible for %s's win", c.Responsible, c.Winner)
			}
		}
		for _, b := range h.Bumped {
			if _, err := idx("bumped claimant", b); err != nil {
				return -1, err
			}
			if won[b] || b == h.Discarder {
				return -1, fmt.Errorf("%s cannot be both bumped and a winner or the discarder", b)
			}
			won[b] = true
		}
	} else {
		if h.Discarder != "" || h.Responsible != "" || h.Faan != 0 || h.Value != 0 || h.Han != 0 || h.Fu != 0 || h.Yakuman != 0 || h.Limit || h.Jokerless || h.Misnamed || h.Win != scoring.Discard || h.Also != nil || h.Bumped != nil || h.HowUnknown {
			return -1, fmt.Errorf("a hand with no winner takes no discarder, responsible player, faan, value or win kind")
		}
		if h.FalseWin != "" {
			if _, err := idx("false winner", h.FalseWin); err != nil {
				return -1, err
			}
		}
	}
	for _, l := range []struct {
		role string
		list []string
	}{{"riichi", h.Riichi}, {"tenpai", h.Tenpai}, {"nagashi", h.Nagashi}} {
		for i, name := range l.list {
			if _, err := idx(l.role+" player", name); err != nil {
				return -1, err
			}
			if slices.Contains(l.list[:i], name) {
				return -1, fmt.Errorf("%s is named twice in %s", name, l.role)
			}
		}
	}
	if (len(h.Tenpai) > 0 || len(h.Nagashi) > 0) && (!h.Drawn || h.Abortive != "") {
		return -1, fmt.Errorf("tenpai and nagashi are for an exhaustive draw")
	}
	if h.Abortive != "" && !h.Drawn {
		return -1, fmt.Errorf("an abortive draw is a drawn hand")
	}
	if len(h.Sets) > 0 && (h.Deltas != nil || h.Drawn) {
		return -1, fmt.Errorf("a hand paid under its own --set is settled by it: it has no deltas given and is not drawn")
	}
	for _, set := range h.Sets {
		if k, _, ok := strings.Cut(set, "="); !ok || k == "" || len(set) > 200 {
			return -1, fmt.Errorf("sets: %q is not a KEY=VALUE override", set)
		}
	}
	if h.Deltas != nil {
		if len(h.Deltas) != 4 {
			return -1, fmt.Errorf("deltas need one amount for each of the 4 players, got %d", len(h.Deltas))
		}
		if err := checkDeltas([4]Amount(h.Deltas), zeroSum); err != nil {
			return -1, err
		}
	}
	return winner, nil
}

// checkNew adds to check what a hand recorded now must also hold, but a hand already in a file
// need not: the file was written under the rules of its day, and replay still reads it.
//
// A player who declared riichi is ready from then on (a riichi hand cannot change its tiles), so
// at an exhaustive draw every riichi player is among the tenpai. Before this check a riichi player
// left out of --tenpai was charged the noten payments; a riichi player truly found not ready at the
// draw is a chombo, recorded by what each player paid (points), with no riichi stick.
func (h *Hand) checkNew() error {
	if !h.Drawn || h.Abortive != "" {
		return nil
	}
	var missing []string
	for _, r := range h.Riichi {
		if !slices.Contains(h.Tenpai, r) {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s declared riichi, so %s ready at the exhaustive draw: name them in tenpai too (a riichi player not ready at the draw is a chombo: record what each player paid as points)",
			strings.Join(missing, " and "), wasWere(len(missing)))
	}
	return nil
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// checkDeltas checks the deltas of one hand: within range, and cancelling out in a zero-sum game.
func checkDeltas(d [4]Amount, zeroSum bool) error {
	var sum Amount
	for _, a := range d {
		if a > maxAmount || a < -maxAmount {
			return fmt.Errorf("delta %s is out of range", a)
		}
		sum += a
	}
	if zeroSum && sum != 0 {
		return fmt.Errorf("deltas %s %s %s %s add up to %s, not 0, in a zero-sum game", d[0], d[1], d[2], d[3], sum)
	}
	return nil
}

// maxAmount bounds one delta so that totals of a long evening cannot overflow.
const maxAmount = Amount(1_000_000_000 * amountScale)
