package rulesets

import (
	"fmt"

	"github.com/mjref/mjref/internal/safeio"
	"go.yaml.in/yaml/v3"
)

// UploadName is what errors and rule citations call an uploaded ruleset.
const UploadName = "upload.yaml"

// LoadUploaded reads a ruleset sent as text (a request to mjref serve), at most
// safeio.RulesetLimit bytes, applies the overrides and validates it as Load does. It reads no
// file: it may extend only built-in rulesets, and an American ruleset may name only a built-in
// card.
func LoadUploaded(data []byte, overrides ...string) (*Ruleset, error) {
	if int64(len(data)) > safeio.RulesetLimit {
		return nil, &Error{File: UploadName, Msg: fmt.Sprintf("over the limit of %s", safeio.FormatSize(safeio.RulesetLimit))}
	}
	l := &loader{origin: map[*yaml.Node]string{}, upload: data, uploadName: UploadName, fsys: NoFiles}
	return l.load(UploadName, overrides...)
}
