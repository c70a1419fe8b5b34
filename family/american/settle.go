package american

import (
	"fmt"

	"github.com/mjref/mjref/family"
)

// takes is the family's takes-table: the fields an American request does not read, by use case,
// with what to give instead.
var takes = map[family.Use]family.Refusals{
	family.UseScore: {"loser": ""},
	family.UseSettle: {
		"faan":        "an American hand is worth its card line's value: use --value N",
		"limit":       "an American hand is worth its card line's value: use --value N",
		"responsible": "",
		"prevailing":  "",
		"last-tile":   "",
		"mahjong":     "name the winner with --winner SEAT",
		"hand":        "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
		"points":      "",
		"totals":      "",
	},
	family.UseLedger: {
		"faan":        "an American hand is worth its card line's value: use --value N",
		"limit":       "an American hand is worth its card line's value: use --value N",
		"responsible": "",
		"log":         "",
		"last-tile":   "",
		"han":         "an American hand is worth its card line's value: use --value N",
		"fu":          "an American hand is worth its card line's value: use --value N",
		"yakuman":     "an American hand is worth its card line's value: use --value N",
		"riichi":      "",
		"tenpai":      "",
		"nagashi":     "",
		"abortive":    "",
	},
}

// Takes reads every field but the Hong Kong and DeBurger ones, and scores winners only.
func (r *rules) Takes(use family.Use, field string) (bool, string) {
	return takes[use].Takes(field)
}

// Worth is the value of the card line the hand matched (the discarder pays it twice, or four times
// for a misnamed discard), doubled for a jokerless hand on a line with the bonus.
func (r *rules) Worth(sc family.Scored) family.Worth {
	res := sc.(*Scored).Result
	w := family.Worth{Valid: res.Valid, NotWin: "no line matches", Reason: res.Reason, Pay: res.Value, Total: res.Value, Unit: "value",
		Jokerless: res.JokerlessBonus, Result: res}
	w.Text = fmt.Sprintf("line %s (%s), value %d", res.Line, res.Section, res.Value)
	if res.JokerlessBonus {
		w.Text += ", jokerless (pays double)"
	}
	return w
}
