package riichilog

// tenhouYaku are Tenhou's yaku ids (AGARI yaku= and yakuman=), with English and Japanese names.
var tenhouYaku = [...]struct{ name, ja string }{
	{"menzen tsumo", "門前清自摸和"}, {"riichi", "立直"}, {"ippatsu", "一発"}, {"chankan", "槍槓"},
	{"rinshan kaihou", "嶺上開花"}, {"haitei raoyue", "海底摸月"}, {"houtei raoyui", "河底撈魚"},
	{"pinfu", "平和"}, {"tanyao", "断幺九"}, {"iipeikou", "一盃口"},
	{"seat wind east", "自風 東"}, {"seat wind south", "自風 南"}, {"seat wind west", "自風 西"},
	{"seat wind north", "自風 北"}, {"round wind east", "場風 東"}, {"round wind south", "場風 南"},
	{"round wind west", "場風 西"}, {"round wind north", "場風 北"},
	{"haku", "役牌 白"}, {"hatsu", "役牌 發"}, {"chun", "役牌 中"},
	{"double riichi", "両立直"}, {"chiitoitsu", "七対子"}, {"chanta", "混全帯幺九"}, {"ittsu", "一気通貫"},
	{"sanshoku doujun", "三色同順"}, {"sanshoku doukou", "三色同刻"}, {"sankantsu", "三槓子"},
	{"toitoi", "対々和"}, {"sanankou", "三暗刻"}, {"shousangen", "小三元"}, {"honroutou", "混老頭"},
	{"ryanpeikou", "二盃口"}, {"junchan", "純全帯幺九"}, {"honitsu", "混一色"}, {"chinitsu", "清一色"},
	{"renhou", "人和"}, {"tenhou", "天和"}, {"chiihou", "地和"}, {"daisangen", "大三元"},
	{"suuankou", "四暗刻"}, {"suuankou tanki", "四暗刻単騎"}, {"tsuuiisou", "字一色"},
	{"ryuuiisou", "緑一色"}, {"chinroutou", "清老頭"}, {"chuuren poutou", "九蓮宝燈"},
	{"junsei chuuren poutou", "純正九蓮宝燈"}, {"kokushi musou", "国士無双"},
	{"kokushi musou 13-sided", "国士無双１３面"}, {"daisuushii", "大四喜"}, {"shousuushii", "小四喜"},
	{"suukantsu", "四槓子"}, {"dora", "ドラ"}, {"ura dora", "裏ドラ"}, {"aka dora", "赤ドラ"},
}

// yakuByID returns the yaku with Tenhou id id and han han; ok is false for an id Tenhou has not.
func yakuByID(id, han int, yakuman bool) (Yaku, bool) {
	if id < 0 || id >= len(tenhouYaku) {
		return Yaku{}, false
	}
	return Yaku{ID: id, Name: tenhouYaku[id].name, Japanese: tenhouYaku[id].ja, Han: han, Yakuman: yakuman}, true
}

// yakuByJapanese finds a yaku by its Japanese name as tenhou.net/6 writes it.
func yakuByJapanese(name string) (Yaku, bool) {
	for id, y := range tenhouYaku {
		if y.ja == name {
			return Yaku{ID: id, Name: y.name, Japanese: y.ja}, true
		}
	}
	if alt, ok := tenhou6YakuNames[name]; ok {
		return yakuByID(alt, 0, false)
	}
	return Yaku{}, false
}

// tenhou6YakuNames are names tenhou.net/6 writes differently from mjlog's table.
var tenhou6YakuNames = map[string]int{
	"門前清自摸和": 0, "自風 東": 10, "自風 南": 11, "自風 西": 12, "自風 北": 13,
	"場風 東": 14, "場風 南": 15, "場風 西": 16, "場風 北": 17, "役牌 白": 18, "役牌 發": 19, "役牌 中": 20,
	"役牌:白": 18, "役牌:發": 19, "役牌:中": 20, "自風東": 10, "自風南": 11, "自風西": 12, "自風北": 13,
	"場風東": 14, "場風南": 15, "場風西": 16, "場風北": 17, "白": 18, "發": 19, "中": 20,
	"ダブル立直": 21, "一気通貫": 24, "国士無双13面": 48, "国士無双１３面": 48, "四暗刻単騎": 41,
	"純正九蓮宝燈": 46, "赤ドラ": 54, "裏ドラ": 53, "ドラ": 52,
}
