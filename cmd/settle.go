package cmd

import (
	"context"
	"github.com/mjref/mjref/engine"
	"io"
	"slices"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/scoring"
	"github.com/spf13/cobra"
)

// settleOptions are the flags and argument of mjref settle.
type settleOptions struct {
	IO     *IOStreams
	Output string
	// Hand is the winner's hand (hk, american); empty when the hand is settled from --faan or --value.
	Hand string
	// Changed lists the flags given on the command line, so each family can refuse the others' flags.
	Changed []string

	Faan, Value, Winners             string
	Limit                            bool
	Seat, Prevailing, Win, Discarder string
	Responsible, FalseWin            string
	LastTile, Drawn, Wall            bool
	Jokerless, Misnamed              bool
	Card                             string
	Hands, Points, Totals            []string // DeBurger: SEAT=HAND, SEAT=N lists
	Mahjong                          string

	// Riichi: the worth, the table's counters, the draws, and the winner's situation with HAND.
	Han, Fu, Yakuman                         string
	Honba, Sticks                            int
	Tenpai, Nagashi, Abortive                string
	Riichi, DoubleRiichi, Ippatsu, FirstTurn bool
	Dora, Ura                                string
	Kita                                     int
}

func newSettleCmd(f *factory, runF func(*settleOptions) error) *cobra.Command {
	o := &settleOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "settle [HAND]",
		Short: "Say who pays whom once a hand is over, with the rule behind every payment",
		Long: `Settle a hand under the ruleset chosen with --rules (default hk).

Hong Kong (hk, hk-oldstyle) and American (american): from the hand's worth or from the hand itself.
  --faan N --winner SEAT          a Hong Kong win worth N faan (--limit: a limit hand)
  --value N --winner SEAT         an American win on a card line worth N (--jokerless, --misnamed)
  HAND --seat SEAT                score the winner's hand first (exit 1 if it is not a win); in Hong
                                  Kong a meld's @SEAT mark (which seat fed it) finds the player
                                  responsible (包) for a third dragon, fourth wind or fourth kong
  --discarder SEAT or --win self-draw says how the tile came; --responsible SEAT names the player who
  pays alone under 包. Several claimants of one discard: --winner S,N (head bump or all, per the
  ruleset's settlement: multiple_winners). A drawn hand (--drawn, or --wall) pays nothing; a false
  win (--false-win SEAT) pays the ruleset's penalty.
  Output: every payment (from, to, amount, rule, detail) and each seat's change.

DeBurger (deburger-2026): every player scores each hand.
  --hand E=HAND --hand S=HAND ... --mahjong SEAT --win self-draw|discard   score the four hands
  --points E=2700,S=1800,W=-400,N=0                                        or give their points
  --totals E=9000,S=...     the running totals before this hand: prints the new totals and, once
                            someone reaches the target, the winner of the game

Riichi (riichi, riichi-*): from the hand's han and fu, or from the hand itself.
  --han N --fu N --winner SEAT    a win worth N han and N fu (--yakuman N: a yakuman hand)
  HAND --seat SEAT                score the winner's hand first, with mjref score's riichi flags
                                  (--riichi, --ippatsu, --dora ..., --win ron|tsumo|...)
  --discarder SEAT for a ron, --win tsumo for a self-draw; --honba N (300 each) and --sticks N
  (1,000 each) go to the winner. Several winners on one discard: --winner S,N --han 2,3 --fu 30,40
  (double ron or head bump per the ruleset's multiple_ron). --responsible SEAT: the player who
  fed the third dragon set or the fourth wind set pays under pao (包).
  --drawn --tenpai S,N            an exhaustive draw: the noten payments (3,000 split);
                                  --nagashi SEAT is paid nagashi mangan instead
  --abortive ID                   an abortive draw the ruleset plays (kyuushu_kyuuhai,
                                  suufon_renda, suucha_riichi, suukan_sanra): nobody pays

Exit status: 0 settled, 1 the hand given is not a win, 2 bad input.`,
		Example: `  mjref settle --faan 3 --winner S --win self-draw
  mjref settle --faan 6 --winner S --discarder W --set settlement.discard=half
  mjref settle --limit --winner N --win self-draw --responsible E
  mjref settle '[555z@E] [666z] [777z] 123m 9p+9p' --seat N --win discard --discarder W
  mjref settle --faan 5 --winner S,N --discarder W -o json
  mjref settle --rules american --value 25 --winner S --discarder W --jokerless
  mjref settle --rules deburger-2026 --points E=2700,S=1800,W=-400,N=0 --totals E=9000,S=4000,W=0,N=100
  mjref settle --rules riichi --han 2 --fu 30 --winner S --discarder W --honba 2 --sticks 1
  mjref settle --rules riichi --drawn --tenpai S`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && args[0] == "-" {
				return usageErrorf("settle takes one hand as an argument, not '-': it settles one hand at a time")
			}
			o.Hand, o.Output = strings.Join(args, " "), f.Output
			o.Changed = changedFlags(cmd)
			return dispatch(cmd, f, o, runF, settleRun)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Faan, "faan", "", "Hong Kong: the winning hand's faan (a list N,M for several winners)")
	fl.StringVar(&o.Value, "value", "", "American: the card line's value (a list N,M for several winners)")
	fl.BoolVar(&o.Limit, "limit", false, "Hong Kong: a limit hand, paid at the ruleset's limit")
	fl.StringVar(&o.Winners, "winner", "", "the winner's seat E|S|W|N; several claimants of one discard: S,N")
	fl.StringVar(&o.Seat, "seat", "", "with HAND: the winner's seat wind E|S|W|N (default E)")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "with HAND: the prevailing (round) wind E|S|W|N")
	fl.StringVar(&o.Win, "win", "", "how the hand was won: "+strings.Join(scoring.WinKinds(), "|")+" (default discard when --discarder is given)")
	fl.StringVar(&o.Discarder, "discarder", "", "the seat that discarded the winning tile (or made the robbed kong)")
	fl.BoolVar(&o.LastTile, "last-tile", false, "with HAND: the win was on the last tile of the wall (self-draw or a replacement) or the last discard; not with robbing-kong, heavenly or earthly")
	fl.StringVar(&o.Responsible, "responsible", "", "Hong Kong: the seat that pays alone under responsibility (包)")
	fl.BoolVar(&o.Drawn, "drawn", false, "the hand was drawn (流局): nobody pays")
	fl.BoolVar(&o.Wall, "wall", false, "a wall game (American): nobody pays; the same as --drawn")
	fl.StringVar(&o.FalseWin, "false-win", "", "the seat that declared a false win (詐糊) and pays the penalty")
	fl.BoolVar(&o.Jokerless, "jokerless", false, "American: the hand has no jokers on a line with the jokerless bonus")
	fl.BoolVar(&o.Misnamed, "misnamed", false, "American: the discarder misnamed the winning discard")
	fl.StringVar(&o.Card, "card", "", "American, with HAND: a card file or built-in card name (default: the ruleset's card)")
	fl.StringArrayVar(&o.Hands, "hand", nil, "DeBurger: one player's hand, SEAT=HAND (give all four)")
	fl.StringVar(&o.Mahjong, "mahjong", "", "DeBurger: the seat that went Mahjong")
	fl.StringArrayVar(&o.Points, "points", nil, "DeBurger: the players' points for the hand, E=2700,S=1800,W=-400,N=0")
	fl.StringArrayVar(&o.Totals, "totals", nil, "DeBurger: the running totals before this hand, E=9000,S=4000,W=0,N=100")
	fl.StringVar(&o.Han, "han", "", "riichi: the winning hand's han (a list N,M for several winners)")
	fl.StringVar(&o.Fu, "fu", "", "riichi: the winning hand's fu (a list N,M for several winners)")
	fl.StringVar(&o.Yakuman, "yakuman", "", "riichi: a yakuman hand's units (2 for a double yakuman)")
	fl.IntVar(&o.Honba, "honba", 0, "riichi: honba counters on the table (300 each to the winner)")
	fl.IntVar(&o.Sticks, "sticks", 0, "riichi: riichi sticks on the table (1,000 each to the winner)")
	fl.StringVar(&o.Tenpai, "tenpai", "", "riichi, with --drawn: the seats ready (tenpai), S,N")
	fl.StringVar(&o.Nagashi, "nagashi", "", "riichi, with --drawn: the seats paid nagashi mangan")
	fl.StringVar(&o.Abortive, "abortive", "", "riichi: the hand ended in this abortive draw (kyuushu_kyuuhai, suufon_renda, suucha_riichi, suukan_sanra)")
	fl.BoolVar(&o.Riichi, "riichi", false, "riichi, with HAND: the winner declared riichi")
	fl.BoolVar(&o.DoubleRiichi, "double-riichi", false, "riichi, with HAND: the winner declared riichi on the first turn")
	fl.BoolVar(&o.Ippatsu, "ippatsu", false, "riichi, with HAND: the win came within a turn of riichi, no call between")
	fl.BoolVar(&o.FirstTurn, "first-turn", false, "riichi, with HAND: a self-draw on the first turn, nothing called (tenhou, chiihou)")
	fl.StringVar(&o.Dora, "dora", "", "riichi, with HAND: the dora indicators, in notation (1p,3m)")
	fl.StringVar(&o.Ura, "ura", "", "riichi, with HAND: the ura dora indicators (with --riichi)")
	fl.IntVar(&o.Kita, "kita", 0, "riichi, three players, with HAND: norths set aside as bonus tiles")
	completeSeats(f, cmd, "winner", "seat", "prevailing", "discarder", "responsible", "false-win", "mahjong")
	f.completeFlag(cmd, "win", fixedCompletion(scoring.WinKinds()))
	return cmd
}

func (o *settleOptions) changed(name string) bool { return slices.Contains(o.Changed, name) }

// request is the settlement the flags ask for. A flag with a default (--prevailing) is a field
// given only when it is given on the command line, so a family can refuse what it does not take.
func (o *settleOptions) request() engine.SettleRequest {
	req := engine.SettleRequest{Hand: o.Hand, Faan: family.NumberText(o.Faan), Value: family.NumberText(o.Value), Limit: o.Limit, Winner: o.Winners,
		Seat: o.Seat, Win: o.Win, Discarder: o.Discarder, LastTile: o.LastTile, Responsible: o.Responsible,
		Drawn: o.Drawn, Wall: o.Wall, FalseWin: o.FalseWin, Jokerless: o.Jokerless, Misnamed: o.Misnamed, Card: o.Card,
		Hands: o.Hands, Points: o.Points, Totals: o.Totals, Mahjong: o.Mahjong,
		Han: family.NumberText(o.Han), Fu: family.NumberText(o.Fu), Yakuman: family.NumberText(o.Yakuman), Honba: o.Honba, Sticks: o.Sticks,
		Tenpai: o.Tenpai, Nagashi: o.Nagashi, Abortive: o.Abortive,
		Riichi: o.Riichi, DoubleRiichi: o.DoubleRiichi, Ippatsu: o.Ippatsu, FirstTurn: o.FirstTurn, Dora: o.Dora, Ura: o.Ura, Kita: o.Kita}
	if o.changed("prevailing") {
		req.Prevailing = o.Prevailing
	}
	return req
}

func settleRun(_ context.Context, o *settleOptions, f *factory) error {
	e, err := f.Engine("")
	if err != nil {
		return err
	}
	if o.Hand != "" {
		defer plusHint(o.IO, o.Output, o.Hand, e.Ruleset())
	}
	v, err := e.Settle(o.request())
	if err != nil {
		return err
	}
	if pv, ok := v.(*engine.PaymentsView); ok {
		f.warn(pv.Warnings) // the --card a hand was matched against
	}
	return renderResult(o.IO.Out, o.Output, v, renderSettle, v.Positive())
}

// renderSettle writes a settlement for a person to read: the family renders it.
func renderSettle(w io.Writer, v family.Settlement) error { return v.Render(printer{w}) }
