package ledger

// RecordLine is one line of a ledger file as it is written (and as 'ledger export -o jsonl' writes
// it): the JSON Schema of a line, schema/ledger-record.json, is generated from it.
type RecordLine = event
