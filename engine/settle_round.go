package engine

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
)

// settleRound reads a hand to settle with the table's counters (family.RoundSettler: riichi) and
// has the family settle it: a win from the winner's hand or its worth (--han and --fu, or
// --yakuman), an exhaustive draw (--drawn, with --tenpai and --nagashi) or an abortive draw.
func (e *Engine) settleRound(rs family.RoundSettler, req SettleRequest) (family.Settlement, error) {
	rr := family.RoundRequest{Discarder: notation.NoSeat, Responsible: notation.NoSeat}
	if req.Honba < 0 || req.Sticks < 0 {
		return nil, family.Usagef("--honba and --sticks are counts: 0 or more")
	}
	var err error
	if req.Drawn && req.Abortive != "" {
		return nil, family.Usagef("--drawn and --abortive: a hand ends one way")
	}
	if req.Drawn || req.Abortive != "" {
		flag := "--drawn"
		if req.Abortive != "" {
			flag = "--abortive"
		}
		for _, name := range []string{"han", "fu", "yakuman", "winner", "seat", "win", "discarder", "responsible", "riichi", "double-riichi", "ippatsu", "first-turn", "dora", "ura", "last-tile", "kita"} {
			if req.given(name) {
				return nil, family.Usagef("--%s with %s: a drawn hand has no winner", name, flag)
			}
		}
		if req.Hand != "" {
			return nil, family.Usagef("a hand with %s: a drawn hand has no winning hand to score", flag)
		}
		if req.Abortive != "" && (req.Tenpai != "" || req.Nagashi != "") {
			return nil, family.Usagef("--tenpai and --nagashi are for an exhaustive draw (--drawn), not an abortive one")
		}
		if req.Tenpai != "" {
			if rr.Tenpai, err = parseSeatList("tenpai", req.Tenpai); err != nil {
				return nil, err
			}
		}
		if req.Nagashi != "" {
			if rr.Nagashi, err = parseSeatList("nagashi", req.Nagashi); err != nil {
				return nil, err
			}
		}
		rr.Drawn, rr.Abortive = req.Drawn, req.Abortive
		// The counters as the family declares them (what they may be, checked as a score's are).
		if rr.Situation.Extra, err = parseExtra(map[string]any{"honba": req.Honba, "sticks": req.Sticks}); err != nil {
			return nil, err
		}
		if rr.Situation.Extra == nil {
			rr.Situation.Extra = family.Extra{}
		}
		return rs.SettleRound(rr)
	}
	for _, name := range []string{"tenpai", "nagashi"} {
		if req.given(name) {
			return nil, family.WithHint(family.Usagef("--%s is for an exhaustive draw", name), "add --drawn, and leave out the winner")
		}
	}
	if rr.Responsible, err = optionalSeat("responsible", req.Responsible, notation.NoSeat); err != nil {
		return nil, err
	}
	if req.Win == "" && req.Discarder == "" {
		return nil, family.WithHint(family.Usagef("say how the hand was won: --discarder SEAT for a ron, or --win tsumo"),
			"--win takes ron|tsumo|rinshan|chankan|haitei|houtei")
	}
	lastTile := req.LastTile
	// The winner's situation, as the situation fields the riichi family declares (see
	// family/riichi SituationFields): parsed and checked by ScoreRequest.Situation.
	sreq := ScoreRequest{Prevailing: req.Prevailing, Win: req.Win, Discarder: req.Discarder, LastTile: &lastTile,
		Extra: map[string]any{"riichi": req.Riichi, "double-riichi": req.DoubleRiichi, "ippatsu": req.Ippatsu, "first-turn": req.FirstTurn,
			"dora": req.Dora, "ura": req.Ura, "honba": req.Honba, "sticks": req.Sticks, "kita": req.Kita}}
	if req.Hand != "" {
		for _, name := range []string{"han", "fu", "yakuman"} {
			if req.given(name) {
				return nil, family.WithHint(family.Usagef("--%s with a hand: what the hand is worth comes from scoring it", name),
					"drop the hand to settle from --han and --fu, or drop --"+name)
			}
		}
		seat, err := optionalSeat("seat", req.Seat, notation.SeatEast)
		if err != nil {
			return nil, err
		}
		if req.Winner != "" {
			seats, err := parseSeatList("winner", req.Winner)
			if err != nil {
				return nil, err
			}
			if len(seats) > 1 {
				return nil, family.WithHint(family.Usagef("--winner %s with a hand: one hand has one winner", req.Winner),
					"settle several winners from their worth: --han N,M --fu N,M --winner "+req.Winner)
			}
			if req.Seat != "" && seats[0] != seat {
				return nil, family.Usagef("--winner %s and --seat %s name different seats for the hand's winner", seats[0], seat)
			}
			seat = seats[0]
		}
		h, err := e.Parse(req.Hand)
		if err != nil {
			return nil, err
		}
		sreq.Seat = seat.String()
		if rr.Situation, err = sreq.Situation(); err != nil {
			return nil, err
		}
		rr.Hand, rr.Winners = &h, []notation.Seat{seat}
	} else {
		for _, name := range []string{"riichi", "double-riichi", "ippatsu", "first-turn", "dora", "ura", "last-tile", "kita"} {
			if req.given(name) {
				return nil, family.WithHint(family.Usagef("--%s describes the winner's hand, and no hand is given", name),
					"give the hand (mjref settle HAND --seat S ...), or its worth alone with --han and --fu")
			}
		}
		if req.Seat != "" {
			return nil, family.WithHint(family.Usagef("--seat is the seat of a hand's winner, and no hand is given"), "name the winner with --winner SEAT")
		}
		if req.Winner == "" {
			return nil, family.WithHint(family.Usagef("no winner: give --winner SEAT and the hand's --han and --fu, or the winner's hand"),
				"e.g. mjref settle --rules riichi --han 2 --fu 30 --winner S --discarder W")
		}
		if rr.Winners, err = parseSeatList("winner", req.Winner); err != nil {
			return nil, err
		}
		if req.Han == "" && req.Yakuman == "" {
			return nil, family.WithHint(family.Usagef("no --han: say what the hand is worth, or give the winner's hand"), "e.g. --han 2 --fu 30, or --yakuman 1")
		}
		for _, f := range []struct {
			flag string
			text family.NumberText
			out  *[]int
		}{{"han", req.Han, &rr.Han}, {"fu", req.Fu, &rr.Fu}, {"yakuman", req.Yakuman, &rr.Yakuman}} {
			if f.text == "" {
				continue
			}
			nums, err := parseWorth(f.flag, string(f.text), len(rr.Winners))
			if err != nil {
				return nil, err
			}
			for i := range rr.Winners {
				*f.out = append(*f.out, nums[min(i, len(nums)-1)])
			}
		}
		sreq.Seat = rr.Winners[0].String()
		if rr.Situation, err = sreq.Situation(); err != nil {
			return nil, err
		}
		// Scoring a hand refuses a win the family does not play; a worth given is checked here.
		if err := family.CheckWin(e.rules.Family(), rr.Situation.Win); err != nil {
			return nil, err
		}
	}
	rr.Discarder = rr.Situation.Discarder
	for _, w := range rr.Winners {
		if w == rr.Discarder {
			return nil, family.Usagef("--discarder %s is also a winner: nobody wins on their own discard", w)
		}
		if w == rr.Responsible {
			return nil, family.Usagef("--responsible %s is the winner: nobody is responsible for their own win", w)
		}
	}
	switch selfDrawn := rr.Situation.Win.SelfDrawn(); {
	case selfDrawn && rr.Discarder != notation.NoSeat:
		return nil, family.Usagef("--discarder %s with --win %s: a self-drawn tile has no discarder", rr.Discarder, req.Win)
	case selfDrawn && len(rr.Winners) > 1:
		return nil, family.Usagef("--winner %s with --win %s: one player wins by self-draw", req.Winner, req.Win)
	case !selfDrawn && rr.Discarder == notation.NoSeat:
		return nil, family.Usagef("--win %s needs the seat that discarded the winning tile (or whose kan was robbed): --discarder SEAT", req.Win)
	}
	return rs.SettleRound(rr)
}
