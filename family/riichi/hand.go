package riichi

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee"
	"github.com/mjref/mjref/referee/riichilog"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// mjref's own hand log under a riichi ruleset (engine.Refereed): the events of a Hong Kong log
// (draw, discard, chi, pon, kan, add-kong, concealed-kong, win, pass) and riichi's own, "E riichi"
// (the declaration, then its discard; "E riichi 5p" is both) and "dora 3m" (an indicator shown:
// before the first step the deal's, after a kan the kan's). The log is played through package
// referee/riichilog's ruler, the checks a Tenhou or mjai game gets, with the ruleset's options:
// kan_dora says when a kan's indicator is shown, and a win is scored and settled under the preset.

// LogOptions reads a log's tiles as riichi does, riichi's events included.
func (r *rules) LogOptions() referee.ReadOptions {
	return referee.ReadOptions{Notation: Family{}.Notation(), Riichi: true}
}

// RefereeDeps replays a riichi hand's log with the family's flow; claims: events are ruled as
// mjref claim rules them (ClaimDeps).
func (r *rules) RefereeDeps() referee.Deps {
	d := r.ClaimDeps()
	d.Flow = &handFlow{r: r}
	return d
}

// RefereeStyle: items in han, the win placed by seat winds, then payments.
func (r *rules) RefereeStyle() family.RefereeStyle {
	return family.RefereeStyle{Unit: "han", Winds: true, Payments: true}
}

// handFlow is the riichi flow of play of mjref's own log (referee.Flow).
type handFlow struct{ r *rules }

// step is one ruling of the replay, in log order: a step of the ruler's (its index), or the
// flow's own (a deal's dora indicator, a pass, a claims: event's claims).
type step struct {
	n     int    // the log's event number
	ruler int    // the ruler's step, or -1 (the flow's own), or -2-i (result i)
	tile  string // the tile the action is about, where the ruler's step names none (a concealed kan)
	own   referee.Ruling
}

// conv turns the log into a riichilog round as it goes, keeping what the calls need.
type conv struct {
	lg      *referee.Log
	round   riichilog.Round
	steps   []step
	rulerN  int // ruler steps so far
	started bool
	// last is the discard on the table (seat -1: none), kakan an added kan that may be robbed.
	lastSeat int
	lastTile riichilog.Tile
	kakan    int // the seat of the last added kan, until the next draw, or -1
	drewLast int // the seat whose draw was the last step, or -1
	pons     [4]map[uint8]int
	declared [4]bool // riichi declared (for claims)
	stick    int     // the seat whose riichi discard is out, its stick not yet down, or -1
	live     int
	over     bool
	sticks   []int // the seats whose riichi stick is down, in order
	melds    [4][]riichilog.Meld
	drawn    [4]riichilog.Tile // each seat's last draw
}

func (c *conv) ruled(n int) {
	c.steps = append(c.steps, step{n: n, ruler: c.rulerN})
	c.rulerN++
}

func (c *conv) own(n int, r referee.Ruling) {
	r.Event = n
	c.steps = append(c.steps, step{n: n, ruler: -1, own: r})
}

func rtile(t notation.Tile, red bool) riichilog.Tile {
	if t < notation.M1 || t > notation.Red {
		return riichilog.NoTile
	}
	return riichilog.Tile{ID: -1, Kind: uint8(t - notation.M1), Red: red}
}

// redWritten says whether an event writes a red five (0m, 0p, 0s) among its tiles.
func redWritten(ev *referee.Event) bool {
	body, _, _ := strings.Cut(ev.Text, "=")
	f := strings.Fields(body)
	if len(f) < 2 {
		return false
	}
	for _, w := range f[1:] {
		for i := 0; i+1 < len(w); i++ {
			if w[i] == '0' && strings.ContainsRune("mps", rune(w[i+1])) && (i == 0 || w[i-1] < '0' || w[i-1] > '9') {
				return true
			}
		}
	}
	return false
}

func logErr(ev *referee.Event, msg string, args ...any) error {
	return &referee.LogError{Event: ev.N, Line: ev.Line, Text: ev.Text, Msg: fmt.Sprintf(msg, args...)}
}

// Replay plays lg through the riichi ruler and scores and settles its wins under the ruleset.
func (f *handFlow) Replay(lg *referee.Log, d referee.Deps) (referee.Report, error) {
	if f.r.opt.Players != 4 {
		return referee.Report{}, &referee.LogError{Msg: "a three-player riichi hand's log is not refereed yet: mjref referee reads Tenhou's three-player game logs"}
	}
	if lg.Wall != nil {
		return referee.Report{}, &referee.LogError{Line: lg.WallLine, Msg: "wall: a riichi log writes each draw's tile (or ? for one not seen), not the wall"}
	}
	c := &conv{lg: lg, lastSeat: -1, kakan: -1, drewLast: -1, stick: -1, live: 70}
	c.round = riichilog.Round{Wind: int(lg.Prevailing), Number: int(lg.Dealer) + 1, Dealer: int(lg.Dealer), Scores: []int{25000, 25000, 25000, 25000}, Hands: make([][]riichilog.Tile, 4)}
	var play riichilog.Play
	opt := f.r.opt
	play.Options, play.Strict = &opt, true
	if lg.Start != nil {
		play.MidHand = true
		play.Live = lg.Start.Wall
		if play.Live < 0 {
			play.Live = 70
		}
		c.live = play.Live
		for s, ts := range lg.Start.Discards {
			for _, t := range ts {
				play.Discards[s] = append(play.Discards[s], rtile(t, false))
			}
		}
	}
	for s := range 4 {
		c.pons[s] = map[uint8]int{}
		sh := lg.Hands[s]
		seat := notation.Seat(s)
		if sh == nil {
			for range 13 {
				c.round.Hands[s] = append(c.round.Hands[s], riichilog.NoTile)
			}
			continue
		}
		for t := notation.Red + 1; t < notation.NumTiles; t++ {
			if sh.Hand.Concealed[t] > 0 {
				return referee.Report{}, &referee.LogError{Line: sh.Line, Msg: fmt.Sprintf("hands.%s: %s is not a riichi tile", seat, t)}
			}
		}
		if len(sh.Hand.Bonus) > 0 {
			return referee.Report{}, &referee.LogError{Line: sh.Line, Msg: fmt.Sprintf("hands.%s: flowers are not riichi tiles", seat)}
		}
		if len(sh.Hand.Melds) > 0 {
			return referee.Report{}, &referee.LogError{Line: sh.Line, Msg: fmt.Sprintf("hands.%s: a riichi log gives the concealed tiles dealt: write each call as an event", seat)}
		}
		n := sh.Tiles()
		switch {
		case n == 14 && (lg.Start != nil || seat == lg.Dealer):
			if lg.Start == nil {
				play.DealerDrawn = true
			}
		case n != 13:
			return referee.Report{}, &referee.LogError{Line: sh.Line, Msg: fmt.Sprintf("hands.%s: %d tiles: each player is dealt 13, and the dealer may be written with the first draw's 14", seat, n)}
		}
		red := sh.Hand.Red
		for t := notation.M1; t <= notation.Red; t++ {
			for range sh.Hand.Concealed[t] {
				isRed := false
				if suit := int(t-notation.M1) / 9; suit < 3 && int(t-notation.M1)%9 == 4 && red[suit] > 0 {
					isRed = true
					red[suit]--
				}
				c.round.Hands[s] = append(c.round.Hands[s], rtile(t, isRed))
			}
		}
		for range sh.Unknown {
			c.round.Hands[s] = append(c.round.Hands[s], riichilog.NoTile)
		}
	}
	if lg.Start == nil && lg.Hands[lg.Dealer] == nil && len(lg.Events) > 0 {
		// The dealer's tiles are not written: a first step that is not the dealer's draw shows 14.
		for _, ev := range lg.Events {
			if ev.Verb == referee.VerbDora {
				continue
			}
			if ev.Seat == lg.Dealer && ev.Verb != referee.VerbDraw {
				play.DealerDrawn = true
				c.round.Hands[lg.Dealer] = append(c.round.Hands[lg.Dealer], riichilog.NoTile)
			}
			break
		}
	}
	for i := range lg.Events {
		if err := c.event(&lg.Events[i], d); err != nil {
			return referee.Report{}, err
		}
	}
	if c.stick >= 0 {
		c.add(riichilog.Event{Kind: riichilog.RiichiOK, Seat: c.stick})
	}
	for _, e := range c.round.Events {
		if e.Kind == riichilog.RiichiOK {
			c.sticks = append(c.sticks, e.Seat)
		}
	}
	if len(c.round.Results) > 0 {
		c.round.Results[0].Sticks = len(c.sticks) // this hand's sticks go to the first winner
	}
	g := &riichilog.Game{Format: "mjref", Rules: riichilog.Rules{Type: -1, Players: 4, Red: opt.RedFives > 0, Kuitan: opt.OpenTanyao}}
	hv := riichilog.ReviewRound(g, &c.round, play)
	return f.report(c, hv), nil
}

// add appends an event of the round (a step the ruler rules is marked by ruled), and keeps each
// seat's melds for a hand laid down with a win.
func (c *conv) add(e riichilog.Event) {
	c.round.Events = append(c.round.Events, e)
	if e.Kind != riichilog.Call || e.Meld == nil || e.Seat < 0 || e.Seat > 3 {
		return
	}
	ms := c.melds[e.Seat]
	if e.Meld.Kind == riichilog.Kakan {
		for i, m := range ms {
			if m.Kind == riichilog.Pon && m.Called.Kind == e.Meld.Called.Kind {
				ms = append(ms[:i], ms[i+1:]...)
				break
			}
		}
	}
	c.melds[e.Seat] = append(ms, *e.Meld)
}

// event turns one of the log's events into the round's, or rules on it itself.
func (c *conv) event(ev *referee.Event, d referee.Deps) error {
	pos := riichilog.Pos{Line: ev.Line}
	if c.over && ev.Verb != referee.VerbWin && ev.Verb != referee.VerbPass {
		return logErr(ev, "the hand is over: only another ron on the same discard (double ron) or a pass may follow a win")
	}
	if c.stick >= 0 && !(ev.Verb == referee.VerbWin && int(ev.Seat) != c.stick && c.lastSeat == c.stick) && ev.Verb != referee.VerbPass && ev.Verb != referee.VerbClaims {
		// The riichi discard was not won on: the stick is down.
		c.add(riichilog.Event{Kind: riichilog.RiichiOK, Seat: c.stick, Pos: pos})
		c.stick = -1
	}
	for _, t := range ev.Tiles {
		if t != referee.Unknown && (t < notation.M1 || t > notation.Red) {
			return logErr(ev, "%s is not a riichi tile: riichi plays the 136 suit and honour tiles", t)
		}
	}
	s := int(ev.Seat)
	red := redWritten(ev)
	if ev.Verb != referee.VerbDora {
		defer func() { c.started = true }()
	}
	switch ev.Verb {
	case referee.VerbDora:
		t := rtile(ev.Tile(), red)
		if !c.started && c.lg.Start == nil {
			c.round.Dora = append(c.round.Dora, t)
			c.own(ev.N, referee.Ruling{Seat: notation.NoSeat, Action: "dora " + ev.Tile().String(), Verdict: referee.VerdictOK, Rule: referee.RuleDeal,
				Reason: fmt.Sprintf("the dead wall's dora indicator is %s", ev.Tile())})
			return nil
		}
		c.add(riichilog.Event{Kind: riichilog.DoraShown, Seat: -1, Tile: t, Pos: pos})
		c.ruled(ev.N)
	case referee.VerbDraw:
		t := riichilog.NoTile
		if ev.Tile() != referee.Unknown {
			t = rtile(ev.Tile(), red)
		}
		c.add(riichilog.Event{Kind: riichilog.Draw, Seat: s, Tile: t, Pos: pos})
		c.ruled(ev.N)
		c.drawn[s] = t
		c.live--
		c.drewLast, c.kakan, c.lastSeat = s, -1, -1
		return nil
	case referee.VerbRiichi:
		c.add(riichilog.Event{Kind: riichilog.Riichi, Seat: s, Pos: pos})
		c.ruled(ev.N)
		c.declared[s] = true
		if len(ev.Tiles) == 1 {
			c.discard(ev, s, rtile(ev.Tile(), red), pos)
		}
	case referee.VerbDiscard:
		c.discard(ev, s, rtile(ev.Tile(), red), pos)
	case referee.VerbChow, referee.VerbPong, referee.VerbKong:
		return c.call(ev, s, pos)
	case referee.VerbAddKong:
		t := rtile(ev.Tile(), false)
		from, ok := c.pons[s][t.Kind]
		if !ok {
			from = -1
		}
		c.add(riichilog.Event{Kind: riichilog.Call, Seat: s, Tile: t, Pos: pos, Meld: &riichilog.Meld{Kind: riichilog.Kakan, Tiles: []riichilog.Tile{t, t, t, t}, Called: t, From: from}})
		c.ruled(ev.N)
		c.kakan, c.lastSeat, c.drewLast = s, -1, -1
	case referee.VerbConcealedKong:
		t := rtile(ev.Tile(), false)
		c.add(riichilog.Event{Kind: riichilog.Call, Seat: s, Pos: pos, Meld: &riichilog.Meld{Kind: riichilog.Ankan, Tiles: []riichilog.Tile{t, t, t, t}, Called: riichilog.NoTile, From: -1}})
		c.ruled(ev.N)
		c.steps[len(c.steps)-1].tile = t.String()
		c.kakan, c.lastSeat, c.drewLast = -1, -1, -1
	case referee.VerbWin:
		return c.win(ev, s, pos)
	case referee.VerbPass:
		c.own(ev.N, referee.Ruling{Seat: ev.Seat, Action: "pass", Verdict: referee.VerdictOK, Rule: referee.RulePass, Reason: fmt.Sprintf("%s lets the tile go", ev.Seat)})
	case referee.VerbClaims:
		return c.claims(ev, d)
	default:
		return logErr(ev, "%s is not a riichi action: a riichi log has draw, discard, riichi, dora, chi, pon, kan, add-kong, concealed-kong, win (ron, tsumo) and pass", ev.Verb)
	}
	return nil
}

func (c *conv) discard(ev *referee.Event, s int, t riichilog.Tile, pos riichilog.Pos) {
	c.add(riichilog.Event{Kind: riichilog.Discard, Seat: s, Tile: t, Pos: pos})
	c.ruled(ev.N)
	if c.pendingDeclaration(s) {
		c.stick = s
	}
	c.lastSeat, c.lastTile, c.drewLast, c.kakan = s, t, -1, -1
}

// pendingDeclaration says whether seat s's last step before this discard was its riichi.
func (c *conv) pendingDeclaration(s int) bool {
	ev := c.round.Events
	return len(ev) >= 2 && ev[len(ev)-2].Kind == riichilog.Riichi && ev[len(ev)-2].Seat == s
}

// call is a chi, pon or open kan on the discard on the table.
func (c *conv) call(ev *referee.Event, s int, pos riichilog.Pos) error {
	t, from := c.lastTile, c.lastSeat
	if from < 0 {
		if len(ev.Tiles) == 0 {
			return logErr(ev, "a %s calls the discard on the table, and there is none: write the tile called", ev.Verb)
		}
		t = rtile(ev.Tiles[0], false)
		if ev.Verb == referee.VerbChow {
			t = rtile(ev.Tiles[1], false)
		}
	}
	m := &riichilog.Meld{Called: t, From: from}
	switch ev.Verb {
	case referee.VerbChow:
		if len(ev.Tiles) != 3 {
			return logErr(ev, "chi: write the run called, e.g. \"S chi 456p\"")
		}
		m.Kind = riichilog.Chi
		for _, x := range ev.Tiles {
			m.Tiles = append(m.Tiles, rtile(x, false))
		}
		for i := range m.Tiles {
			if m.Tiles[i].Kind == t.Kind {
				m.Tiles[i] = t
				break
			}
		}
	case referee.VerbPong:
		m.Kind = riichilog.Pon
		plain := t
		plain.Red = false
		m.Tiles = []riichilog.Tile{t, plain, plain}
		c.pons[s][t.Kind] = from
	default:
		m.Kind = riichilog.Daiminkan
		plain := t
		plain.Red = false
		m.Tiles = []riichilog.Tile{t, plain, plain, plain}
	}
	c.add(riichilog.Event{Kind: riichilog.Call, Seat: s, Tile: t, Pos: pos, Meld: m})
	c.ruled(ev.N)
	c.lastSeat, c.drewLast, c.kakan = -1, -1, -1
	return nil
}

// win is a ron on the discard (or the added kan) on the table, or a tsumo on the seat's draw.
func (c *conv) win(ev *referee.Event, s int, pos riichilog.Pos) error {
	res := riichilog.Result{Winner: s, Pao: -1, Pos: pos, WinTile: riichilog.NoTile}
	switch {
	case c.drewLast == s && !c.over:
		res.Kind, res.From = riichilog.Tsumo, s
	case c.kakan >= 0 && c.kakan != s:
		res.Kind, res.From = riichilog.Ron, c.kakan
	case c.lastSeat >= 0 && c.lastSeat != s:
		res.Kind, res.From = riichilog.Ron, c.lastSeat
	default:
		c.own(ev.N, referee.Ruling{Seat: ev.Seat, Action: "win", Verdict: referee.VerdictIllegal, Rule: referee.RuleClaimTile,
			Reason: fmt.Sprintf("%s declares a win with no tile to win on: no draw of theirs, and no other's discard on the table", ev.Seat)})
		return nil
	}
	if c.over && res.Kind == riichilog.Tsumo {
		return logErr(ev, "the hand is over")
	}
	if said := ev.Tile(); res.Kind == riichilog.Ron && said != referee.Unknown && c.kakan < 0 && notation.M1+notation.Tile(c.lastTile.Kind) != said {
		c.own(ev.N, referee.Ruling{Seat: ev.Seat, Action: "ron " + said.String(), Verdict: referee.VerdictIllegal, Rule: referee.RuleClaimTile,
			Reason: fmt.Sprintf("the discard is %s, not %s", notation.M1+notation.Tile(c.lastTile.Kind), said)})
		return nil
	}
	if ev.Shows != nil {
		// The hand laid down: its tiles, the winning one included, beside the calls made.
		red := ev.Shows.Red
		for t := notation.M1; t <= notation.Red; t++ {
			for range ev.Shows.Concealed[t] {
				isRed := false
				if suit := int(t-notation.M1) / 9; suit < 3 && int(t-notation.M1)%9 == 4 && red[suit] > 0 {
					isRed = true
					red[suit]--
				}
				res.Hand = append(res.Hand, rtile(t, isRed))
			}
		}
		res.Melds = append([]riichilog.Meld(nil), c.melds[s]...)
		switch {
		case res.Kind == riichilog.Ron && c.kakan >= 0:
			res.WinTile = c.melds[c.kakan][len(c.melds[c.kakan])-1].Called
		case res.Kind == riichilog.Ron:
			res.WinTile = c.lastTile
		case ev.Tile() != referee.Unknown:
			res.WinTile = rtile(ev.Tile(), false)
		default:
			res.WinTile = c.drawn[s]
		}
	}
	c.round.Results = append(c.round.Results, res)
	c.steps = append(c.steps, step{n: ev.N, ruler: -2 - (len(c.round.Results) - 1)}) // a result: ruled after every event
	c.over = true
	return nil
}

// claims rules on a claims: event as mjref claim does, and plays the claim that takes the tile.
func (c *conv) claims(ev *referee.Event, d referee.Deps) error {
	claims := make([]referee.Claim, 0, len(ev.Claims))
	for _, x := range ev.Claims {
		claims = append(claims, referee.Claim{Seat: x.Seat, Verb: x.Verb, Tiles: x.Tiles})
	}
	if c.lastSeat < 0 {
		return logErr(ev, "claims: there is no discard on the table to claim")
	}
	ct := referee.ClaimTable{Dealer: c.lg.Dealer, Prevailing: c.lg.Prevailing, Riichi: c.declared}
	tile := notation.M1 + notation.Tile(c.lastTile.Kind)
	dec, err := referee.ResolveClaimsAt(ct, notation.Seat(c.lastSeat), tile, claims, [4]*notation.Hand{}, d)
	if err != nil {
		return logErr(ev, "%v", err)
	}
	takers := map[notation.Seat]bool{}
	for _, t := range dec.Takers {
		takers[t] = true
	}
	var take []*referee.Event
	for i := range ev.Claims {
		x := &ev.Claims[i]
		if takers[x.Seat] && x.Verb != referee.VerbPass {
			take = append(take, x)
			continue
		}
		r := dec.Rulings[i]
		c.own(ev.N, r)
	}
	for _, x := range take {
		x.N, x.Line = ev.N, ev.Line
		if err := c.event(x, d); err != nil {
			return err
		}
	}
	return nil
}

// report turns the reviewed round into the replay's report.
func (f *handFlow) report(c *conv, hv riichilog.HandView) referee.Report {
	rep := referee.Report{Rulings: []referee.Ruling{}, Wall: c.live}
	ruling := func(st step, sv riichilog.StepView) referee.Ruling {
		n := st.n
		r := referee.Ruling{Event: n, Seat: notation.NoSeat, Action: sv.Action, Verdict: referee.Verdict(sv.Verdict), Rule: sv.Rule, Reason: sv.Reason}
		if sv.Seat != nil {
			r.Seat = notation.Seat(*sv.Seat)
		}
		if sv.Tile != "" {
			r.Action += " " + sv.Tile
		}
		if r.Reason == "" {
			r.Reason = okReason(r.Seat, sv)
		}
		r.Reason = seatNumbers().ReplaceAllStringFunc(r.Reason, func(m string) string { return notation.Seat(m[len(m)-1] - '0').String() })
		if st.tile != "" && sv.Tile == "" {
			r.Action += " " + st.tile
		}
		return r
	}
	results := hv.Steps[min(c.rulerN, len(hv.Steps)):]
	for _, st := range c.steps {
		switch {
		case st.ruler >= 0 && st.ruler < len(hv.Steps):
			rep.Rulings = append(rep.Rulings, ruling(st, hv.Steps[st.ruler]))
		case st.ruler <= -2:
			if i := -2 - st.ruler; i < len(results) {
				rep.Rulings = append(rep.Rulings, ruling(st, results[i]))
			}
		case st.ruler == -1:
			rep.Rulings = append(rep.Rulings, st.own)
		}
	}
	for s := range rep.Seats {
		rep.Seats[s] = referee.SeatView{Seat: notation.Seat(s), MeldText: []string{}, Bonus: []notation.Tile{}, Discards: []notation.Tile{}}
	}
	rep.Result = f.result(c, hv)
	return rep
}

// seatNumbers are the ruler's seat numbers in a reason ("seat 1"): the log's letters stand for them.
// Compiled on first use, not at every start.
var seatNumbers = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bseat [0-3]\b`) })

// okReason says what a legal step did.
func okReason(seat notation.Seat, sv riichilog.StepView) string {
	switch sv.Action {
	case "draw":
		if sv.Rule == "kong-replacement" {
			return fmt.Sprintf("%s draws the replacement tile", seat)
		}
		return fmt.Sprintf("%s draws", seat)
	case "discard":
		return fmt.Sprintf("%s discards %s", seat, sv.Tile)
	case "riichi":
		return fmt.Sprintf("%s declares riichi: closed and ready, with the stick and four tiles left", seat)
	case "dora":
		return fmt.Sprintf("a kan's dora indicator %s is shown", sv.Tile)
	case "chi", "pon":
		return fmt.Sprintf("%s calls %s on %s", seat, sv.Action, sv.Tile)
	case "daiminkan":
		return fmt.Sprintf("%s calls an open kan on %s", seat, sv.Tile)
	case "kakan":
		return fmt.Sprintf("%s adds %s to the pon: an added kan", seat, sv.Tile)
	case "ankan":
		return fmt.Sprintf("%s declares a concealed kan", seat)
	case "ron":
		return fmt.Sprintf("%s wins by ron on %s", seat, sv.Tile)
	case "tsumo":
		return fmt.Sprintf("%s wins by tsumo", seat)
	}
	return fmt.Sprintf("%s makes a %s", seat, sv.Action)
}

// result is how the hand ended: each win scored and settled under the ruleset.
func (f *handFlow) result(c *conv, hv riichilog.HandView) referee.Result {
	res := referee.Result{Winner: notation.NoSeat, Offender: notation.NoSeat, Items: []scoring.Item{}, Payments: []settle.Payment{}}
	if len(hv.Results) == 0 {
		if c.live <= 0 {
			res.Outcome, res.Reason = referee.OutcomeDraw, "the live wall is exhausted: an exhaustive draw (the noten payments are settled with mjref settle --rules riichi --drawn)"
		} else {
			res.Outcome, res.Reason = referee.OutcomeUnfinished, fmt.Sprintf("the log ends with %d tiles left in the live wall", c.live)
		}
		return res
	}
	res.Outcome = referee.OutcomeWin
	var notes []string
	for i, rv := range hv.Results {
		rr := c.round.Results[i]
		w := referee.Win{Seat: notation.Seat(rr.Winner), Items: []scoring.Item{}, Total: rv.Han, Limit: rv.Limit != "", Checked: rv.Note == ""}
		w.Context = referee.Context{Seat: notation.Seat((rr.Winner - c.round.Dealer + 4) % 4), Prevailing: c.lg.Prevailing, Win: scoring.Discard, Discarder: notation.Seat(rr.From)}
		if rr.Kind == riichilog.Tsumo {
			w.Context.Win, w.Context.Discarder = scoring.SelfDraw, notation.NoSeat
		}
		for _, y := range rv.Yaku {
			switch y.ID {
			case "rinshan":
				w.Context.Win = scoring.KongReplacement
			case "chankan":
				w.Context.Win = scoring.RobbingKong
			case "haitei", "houtei":
				w.Context.LastTile = true
			}
			it := scoring.Item{ID: y.ID, Name: y.Name, Value: y.Han}
			if def, ok := f.r.items.Yaku[y.ID]; ok {
				it.Source = def.Source
			}
			w.Items = append(w.Items, it)
		}
		if rv.Note != "" {
			notes = append(notes, rv.Note)
		}
		if i == 0 {
			res.Winner, res.Context, res.Items, res.Total, res.Limit = w.Seat, &w.Context, w.Items, w.Total, w.Limit
		}
		res.Wins = append(res.Wins, w)
		for seat, dlt := range rv.Deltas {
			if seat < 4 {
				res.Deltas[seat] += settle.Points(int64(dlt))
				if dlt < 0 {
					res.Payments = append(res.Payments, settle.Payment{From: notation.Seat(seat), To: w.Seat, Amount: settle.Points(int64(-dlt)), Rule: string(rr.Kind), Detail: paymentDetail(rv)})
				}
			}
		}
		if i == 0 && len(rv.Deltas) > 0 {
			// The sticks the winner takes: this hand's were paid by their declarers.
			for _, s := range c.sticks {
				res.Deltas[s] -= settle.Points(1000)
				if notation.Seat(s) != w.Seat {
					res.Payments = append(res.Payments, settle.Payment{From: notation.Seat(s), To: w.Seat, Amount: settle.Points(1000), Rule: referee.RuleRiichi, Detail: "the riichi stick"})
				}
			}
		}
	}
	res.Reason = strings.Join(notes, "; ")
	return res
}

func paymentDetail(rv riichilog.ResultView) string {
	switch {
	case rv.Limit != "":
		return fmt.Sprintf("%d han %s, %d points", rv.Han, rv.Limit, rv.Points)
	default:
		return fmt.Sprintf("%d han %d fu, %d points", rv.Han, rv.Fu, rv.Points)
	}
}
