package engine

import "github.com/mjref/mjref/family"

// LedgerRequest is one hand's result as ledger add's (and amend's) flags give it, the players by
// name. A field left empty is a flag not given. Its JSON is the body of mjref serve's POST
// /v1/ledger/hands (server.LedgerHand), the jsonschema descriptions that request's schema.
type LedgerRequest struct {
	// Winner is the player who won (DeBurger: went Mahjong), or several claimants of one
	// discard: "Ben,Dan".
	Winner string `json:"winner,omitempty" jsonschema:"description=the player who won (DeBurger: who went Mahjong); several on one discard: Ben\\,Dan"`
	// Discarder discarded the winning tile (or made the robbed kong); Win is how the hand was won
	// (a discard when Discarder is given).
	Discarder string `json:"discarder,omitempty" jsonschema:"description=the player who discarded the winning tile (or made the robbed kong)"`
	Win       string `json:"win,omitempty" jsonschema:"description=how the hand was won (default discard with a discarder)"`
	// Faan (Hong Kong, "limit" for a limit hand) or Value (American) is the hand's worth, one per
	// winner: "5,3". Limit makes a single winner's hand a limit hand.
	Faan  family.NumberText `json:"faan,omitempty" jsonschema:"description=Hong Kong: the winning hand's faan: a number or a string (several winners: one each\\, 5\\,3)"`
	Value family.NumberText `json:"value,omitempty" jsonschema:"description=American: the card line's value: a number or a string (several winners: one each\\, 25\\,30)"`
	Limit bool              `json:"limit,omitempty" jsonschema:"description=Hong Kong: a limit hand"`
	// Responsible is the player who pays alone under responsibility (包).
	Responsible string `json:"responsible,omitempty" jsonschema:"description=Hong Kong: the player who pays alone under responsibility (包)"`
	// Jokerless and Misnamed are American: no jokers on a line with the bonus, a misnamed discard.
	Jokerless bool `json:"jokerless,omitempty" jsonschema:"description=American: no jokers on a line with the jokerless bonus"`
	Misnamed  bool `json:"misnamed,omitempty" jsonschema:"description=American: the discarder misnamed the winning discard"`
	// Drawn ends the hand drawn; FalseWin names the player who declared a false win.
	Drawn    bool   `json:"drawn,omitempty" jsonschema:"description=the hand was drawn (流局): nobody pays"`
	FalseWin string `json:"false_win,omitempty" jsonschema:"description=the player who declared a false win (詐糊) and pays the penalty"`
	// Points are each player's change, given directly: "Ann=2700,Ben=-900,...".
	Points family.Amounts `json:"points,omitempty" jsonschema:"description=each player's change given directly: a list Ann=2700\\,Ben=1800\\,Cat=-400\\,Dan=0 or an object of players and amounts (numbers or strings)"`
	// Hands are the winner's hand in notation, scored at the winner's seat; DeBurger: NAME=HAND
	// for each of the four players. LastTile says the win was on the last tile of the wall.
	Hands    []string `json:"hand,omitempty" jsonschema:"description=the winner's hand in notation (DeBurger: NAME=HAND for each of the four players)"`
	LastTile bool     `json:"last_tile,omitempty" jsonschema:"description=with hand: the win was on the last tile of the wall"`
	// Riichi: Han and Fu (or Yakuman, the number of yakuman) are the hand's worth, one per winner
	// ("3,2"); Riichi the players who put a riichi stick down in the hand; Tenpai the players ready
	// at an exhaustive draw (Drawn) and Nagashi those paid nagashi mangan; Abortive the id of the
	// abortive draw the hand ended in.
	Han      family.NumberText `json:"han,omitempty" jsonschema:"description=riichi: the winning hand's han (several winners: one each\\, 3\\,2)"`
	Fu       family.NumberText `json:"fu,omitempty" jsonschema:"description=riichi: the winning hand's fu (several winners: one each)"`
	Yakuman  family.NumberText `json:"yakuman,omitempty" jsonschema:"description=riichi: the number of yakuman instead of han and fu (several winners: one each)"`
	Riichi   string            `json:"riichi,omitempty" jsonschema:"description=riichi: the players who declared riichi and put a stick down: Ann\\,Ben"`
	Tenpai   string            `json:"tenpai,omitempty" jsonschema:"description=riichi: with drawn: the players ready at the exhaustive draw"`
	Nagashi  string            `json:"nagashi,omitempty" jsonschema:"description=riichi: with drawn: the players paid nagashi mangan"`
	Abortive string            `json:"abortive,omitempty" jsonschema:"description=riichi: the abortive draw the hand ended in (kyuushu_kyuuhai\\, suufon_renda\\, suucha_riichi\\, suukan_sanra\\, sanchahou)"`
	// Note is kept with the hand recorded.
	Note string `json:"note,omitempty" jsonschema:"description=a note kept with the hand"`
}

// Given lists the fields req gives by their flags' names, in name order (the order the command
// line lists the flags given in, so a front end refuses the same flag first).
func (req *LedgerRequest) Given() []string {
	var names []string
	add := func(name string, given bool) {
		if given {
			names = append(names, name)
		}
	}
	add("abortive", req.Abortive != "")
	add("discarder", req.Discarder != "")
	add("drawn", req.Drawn)
	add("faan", req.Faan != "")
	add("false-win", req.FalseWin != "")
	add("fu", req.Fu != "")
	add("han", req.Han != "")
	add("hand", len(req.Hands) > 0)
	add("jokerless", req.Jokerless)
	add("last-tile", req.LastTile)
	add("limit", req.Limit)
	add("misnamed", req.Misnamed)
	add("nagashi", req.Nagashi != "")
	add("note", req.Note != "")
	add("points", len(req.Points) > 0)
	add("responsible", req.Responsible != "")
	add("riichi", req.Riichi != "")
	add("tenpai", req.Tenpai != "")
	add("value", req.Value != "")
	add("win", req.Win != "")
	add("winner", req.Winner != "")
	add("yakuman", req.Yakuman != "")
	return names
}
