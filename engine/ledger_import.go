package engine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
)

// LedgerImport is a game log kept as a ledger (ImportLedger): the new game, as ledger show
// prints it, and how the import read the log.
type LedgerImport struct {
	Game schema.LedgerGame
	// Format is the log's format; Hands the hands recorded.
	Format string
	Hands  int
	// Agrees says whether mjref's own settlement of every hand gives what the log paid (the
	// ledger records what the log paid either way); Disagree lists the hands where it does not.
	Agrees   bool
	Disagree []string
	// Illegal counts the steps of the game the referee rules illegal ('mjref referee LOG' names them).
	Illegal int
	// EndAgrees says whether the ledger's standings at the end (stacks and, with uma, results) are
	// the log's; EndNote says how they differ.
	EndAgrees bool
	EndNote   string
}

// ImportLedger keeps a whole game's log (a Tenhou mjlog, a tenhou.net/6 or mjai log: any log a
// family.GameKeeper reads) as a new ledger at path: the players as the log names them (made
// into names a ledger takes), the ruleset the log's flags select, and every hand's result as the
// log paid it, with the ledger's own flow checked against the log's deal hand by hand (who
// deals, the honba and the riichi sticks on the table). The record is written whole or not at
// all; the file must not exist. name is how errors call the log.
func ImportLedger(path string, log []byte, name string) (*LedgerImport, error) {
	var keeper family.GameKeeper
	for _, f := range families {
		if g, ok := f.(family.GameKeeper); ok && g.ReadsGame(log) {
			keeper = g
			break
		}
	}
	if keeper == nil {
		if IsGameLog(log) {
			return nil, family.Usagef("%s: a game log whose family keeps no ledger", name)
		}
		return nil, family.WithHint(family.Usagef("%s: not a game log mjref can import", name),
			"ledger import reads Tenhou's mjlog XML (plain or gzip), tenhou.net/6 JSON and mjai JSON Lines; a hand's referee log is added with 'ledger add FILE --log LOG'")
	}
	kg, err := keeper.KeepGame(log)
	if err != nil {
		err = fmt.Errorf("%s: %w", name, err)
		var fe *family.Error
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, family.WithHint(err, "a game log is "+keeper.GameFormats())
	}
	e, err := Open(kg.Ruleset, Options{})
	if err != nil {
		return nil, err
	}
	players := ledgerNames(kg.Players, kg.Seats)
	h, err := ledgerHeader(e.rules, ledgerGame{Players: players, Rules: kg.Ruleset, Length: kg.Length})
	if err != nil {
		return nil, err
	}
	h.Flow.Stake, h.Flow.Return = settle.Points(int64(kg.Stake)), settle.Points(int64(kg.Return))
	h.Flow.Uma = nil
	for _, u := range kg.Uma {
		h.Flow.Uma = append(h.Flow.Uma, settle.Points(int64(u)))
	}
	if kg.Return == 0 {
		h.Flow.Extension, h.Flow.DealerStops = false, false
	}
	if err := h.Flow.Validate(); err != nil {
		return nil, fmt.Errorf("%s: the game's flow: %w", name, err)
	}
	hands := make([]ledger.Hand, len(kg.Hands))
	v := &LedgerImport{Format: kg.Format, Hands: len(kg.Hands), Agrees: kg.Agrees && kg.Illegal == 0, Illegal: kg.Illegal}
	for i, k := range kg.Hands {
		hands[i] = keptHand(&k, &players)
		if !k.Agrees {
			v.Disagree = append(v.Disagree, fmt.Sprintf("hand %d (%s): %s", i+1, k.Round, k.Note))
		}
	}
	// The ledger's own flow must deal every hand as the log does.
	check := func(i int, st *ledger.State) error {
		if i+1 >= len(kg.Hands) {
			return nil
		}
		next := &kg.Hands[i+1]
		switch {
		case st.Dealer != players[next.Dealer]:
			return fmt.Errorf("after it the ledger's flow deals to %s, but the log's next hand (%s) is dealt by %s", st.Dealer, next.Round, players[next.Dealer])
		case st.Honba != next.Honba || st.Sticks != next.Sticks:
			return fmt.Errorf("after it the ledger counts %d honba and %d riichi sticks, but the log's next hand (%s) has %d and %d", st.Honba, st.Sticks, next.Round, next.Honba, next.Sticks)
		}
		return nil
	}
	lg, err := ledger.Import(path, h, hands, check)
	if err != nil {
		var re *scoring.RuleError
		if errors.As(err, &re) || errors.Is(err, ledger.ErrExists) {
			return nil, ledgerError(path, err)
		}
		return nil, ledgerError(path, family.Usagef("%s: %v", name, err))
	}
	st := lg.State()
	if err := lg.Close(); err != nil {
		return nil, ledgerError(path, err)
	}
	v.Game = schema.NewLedgerGame(&st)
	v.EndAgrees, v.EndNote = endAgrees(&v.Game, kg)
	if kg.EndNote != "" {
		v.EndNote = strings.TrimPrefix(v.EndNote+"; "+kg.EndNote, "; ")
	}
	return v, nil
}

// keptHand is the ledger's hand of a kept game's hand k, with what the log paid.
func keptHand(k *family.KeptHand, players *[4]string) ledger.Hand {
	names := func(ps []int) []string {
		var out []string
		for _, p := range ps {
			out = append(out, players[p])
		}
		return out
	}
	h := ledger.Hand{Drawn: k.Drawn, Abortive: k.Abortive, Tenpai: names(k.Tenpai), Nagashi: names(k.Nagashi), Riichi: names(k.Riichi), Note: k.Note}
	h.Deltas = make([]ledger.Amount, 4)
	for i, d := range k.Deltas {
		h.Deltas[i] = settle.Points(int64(d))
	}
	for i, w := range k.Winners {
		c := ledger.Claim{Winner: players[w], Han: k.Han[i], Fu: k.Fu[i], Yakuman: k.Yakuman[i]}
		if i == 0 {
			h.Winner, h.Han, h.Fu, h.Yakuman = c.Winner, c.Han, c.Fu, c.Yakuman
			continue
		}
		h.Also = append(h.Also, c)
	}
	if len(k.Winners) > 0 {
		h.Win = scoring.SelfDraw
		if k.Discarder >= 0 {
			h.Win, h.Discarder = scoring.Discard, players[k.Discarder]
		}
		if k.Responsible >= 0 {
			h.Responsible = players[k.Responsible]
		}
	}
	return h
}

// ledgerNames makes a log's four names names a ledger takes: control characters and commas
// dropped, spaces trimmed, an empty name "Player N", and a name met twice numbered.
func ledgerNames(in [4]string, seats int) [4]string {
	var out [4]string
	for i, n := range in {
		if seats == 3 && i == 3 {
			break // a three-player game: the fourth place stays empty
		}
		n = strings.Map(func(r rune) rune {
			if r == ',' || unicode.IsControl(r) {
				return -1
			}
			return r
		}, n)
		if n = strings.TrimSpace(n); n == "" {
			n = fmt.Sprintf("Player %d", i+1)
		}
		base := n
		for k := 2; slices.Contains(out[:i], n); k++ {
			n = fmt.Sprintf("%s (%d)", base, k)
		}
		out[i] = n
	}
	return out
}

// endAgrees compares the ledger's standings with the log's end: each player's stack with the
// final scores, and each result after uma and oka with the recorded results.
func endAgrees(g *schema.LedgerGame, kg *family.KeptGame) (bool, string) {
	if kg.FinalScores == nil {
		return true, "the log records no end"
	}
	var diffs []string
	for _, s := range g.Standings {
		i := -1
		for k, p := range g.State.Players {
			if p == s.Player {
				i = k
			}
		}
		if i < 0 {
			continue
		}
		if want := settle.Points(int64(kg.FinalScores[i])); s.Stack != want {
			diffs = append(diffs, fmt.Sprintf("%s's stack %s, the log %s", s.Player, s.Stack, want))
		}
		if kg.FinalResults != nil && s.Result != nil {
			want := settle.Points(int64(math.Round(kg.FinalResults[i] * 1000)))
			if *s.Result != want {
				diffs = append(diffs, fmt.Sprintf("%s's result %s, the log %s", s.Player, *s.Result, want))
			}
		}
	}
	return len(diffs) == 0, strings.Join(diffs, "; ")
}
