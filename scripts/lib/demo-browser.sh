# Sourced by scripts/demo.sh for `--browser`: instead of playing the story with scripts,
# prepare what a person plays in a browser and print the URLs to open:
#   1. the seller's onboarding page (account created with prefilled details); the script
#      waits until the seller has finished it (DEMO_BROWSER_WAIT seconds, default 1800),
#      because a shop can take payments only once onboarded; then
#   2. a hosted Checkout page for two mugs (card or SEPA Debit), an embedded Checkout
#      session mounted from its client secret (card or ACH Direct Debit), and a Checkout
#      Session in `elements` mode (the Payment Element) mounted the same way (card),
#   3. the PaymentSheet "app" page for an in-app order,
#   4. the Terminal reader console with a payment waiting for a card.
# Success and return URLs point at the simulator's own /sim/done page (no shop runs).
# Writes the URLs to $RUN_DIR/browser-urls.json as they exist (read by
# Tests/deployment/test_browser_pages.py): first {account, onboarding}, then the rest.

# browser_urls KEY=VALUE...: merges the pairs into $RUN_DIR/browser-urls.json (atomically).
browser_urls() {
    python3 - "$RUN_DIR/browser-urls.json" "$@" <<'PY'
import json, os, sys
path, pairs = sys.argv[1], sys.argv[2:]
data = json.load(open(path)) if os.path.exists(path) else {}
for pair in pairs:
    key, value = pair.split("=", 1)
    data[key] = value
json.dump(data, open(path + ".tmp", "w"), indent=2)
os.replace(path + ".tmp", path)
PY
}

browser_setup() {
    local run reply account link product price session embedded sheet_secret location reader pi done_url
    run="$RUN_ID"
    done_url="$STRIPE_API_BASE/sim/done"
    say "Preparing a seller and a shop for a person in a browser"
    reply="$(send onboarding.create_account "{\"seller_reference\":\"seller-$run\",\"country\":\"US\",
        \"email\":\"owner+$run@ceramics.example\",\"controller\":{\"fees\":{\"payer\":\"application\"},
        \"losses\":{\"payments\":\"application\"},\"stripe_dashboard\":{\"type\":\"express\"}},
        \"business_type\":\"individual\",\"business_profile\":{\"name\":\"Lovelace Ceramics\",\"mcc\":\"5719\"},
        \"representative\":{\"first_name\":\"Ada\",\"last_name\":\"Lovelace\",\"email\":\"owner+$run@ceramics.example\"}}")" || return 1
    account="$(jget result.account <<<"$reply")"
    reply="$(send onboarding.create_account_link "{\"account\":\"$account\",\"type\":\"account_onboarding\",
        \"refresh_url\":\"$done_url?what=Link+expired\",\"return_url\":\"$done_url?what=Onboarding+finished&account=$account\"}")" || return 1
    link="$(jget result.url <<<"$reply")"
    rm -f "$RUN_DIR/browser-urls.json"
    browser_urls "account=$account" "onboarding=$link" "stripe_sim=$STRIPE_API_BASE"
    cat <<TXT

Open this in a browser to onboard the seller (details are prefilled; submit the form):
  $link
Waiting until onboarding is finished (the shop can take payments only then)...
TXT
    local i limit=$(( ${DEMO_BROWSER_WAIT:-1800} * 2 ))
    for ((i = 0; i < limit; i++)); do
        if grep -F '"onboarding.account.onboarding_completed"' "$EVENTS_LOG" 2>/dev/null | grep -qF "$account"; then break; fi
        sleep 0.5
    done
    if ((i >= limit)); then
        step_fail "the seller did not finish onboarding within ${DEMO_BROWSER_WAIT:-1800} s"
        return 1
    fi
    step_ok "seller $account onboarded"
    reply="$(send payments.create_product "{\"name\":\"Stoneware mug\",\"description\":\"Hand-thrown, 350 ml\"}" --account "$account")" || return 1
    product="$(jget result.product <<<"$reply")"
    reply="$(send payments.create_price "{\"product\":\"$product\",\"unit_amount\":2400,\"currency\":\"usd\"}" --account "$account")" || return 1
    price="$(jget result.price <<<"$reply")"
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"web-$run-1\",
        \"line_items\":[{\"price\":\"$price\",\"quantity\":2}],\"application_fee_amount\":480,
        \"customer_email\":\"ada.buyer+$run@example.com\",\"payment_method_types\":[\"card\",\"sepa_debit\"],
        \"success_url\":\"$done_url?what=Thank+you&session={CHECKOUT_SESSION_ID}\",
        \"cancel_url\":\"$done_url?what=Cart\"}" --account "$account")" || return 1
    session="$(jget result.url <<<"$reply")"
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"web-$run-4\",
        \"line_items\":[{\"price\":\"$price\",\"quantity\":1}],\"application_fee_amount\":240,
        \"customer_email\":\"alan.buyer+$run@example.com\",\"payment_method_types\":[\"card\",\"us_bank_account\"],
        \"ui_mode\":\"embedded_page\",\"return_url\":\"$done_url?what=Thank+you&session={CHECKOUT_SESSION_ID}\"}" \
        --account "$account")" || return 1
    embedded="$STRIPE_API_BASE/sim/checkout/embedded?client_secret=$(jget result.client_secret <<<"$reply")"
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"web-$run-5\",
        \"line_items\":[{\"price\":\"$price\",\"quantity\":1}],\"application_fee_amount\":240,
        \"customer_email\":\"edsger.buyer+$run@example.com\",
        \"ui_mode\":\"elements\",\"return_url\":\"$done_url?what=Thank+you&session={CHECKOUT_SESSION_ID}\"}" \
        --account "$account")" || return 1
    elements="$STRIPE_API_BASE/sim/checkout/embedded?client_secret=$(jget result.client_secret <<<"$reply")"
    reply="$(send payments.create_payment_sheet "{\"order_reference\":\"app-$run-2\",
        \"customer_reference\":\"buyer-$run-2\",\"customer_email\":\"grace.buyer+$run@example.com\",\"amount\":3600,
        \"currency\":\"usd\",\"application_fee_amount\":360}" --account "$account")" || return 1
    sheet_secret="$(jget result.payment_intent_client_secret <<<"$reply")"
    reply="$(send terminal.create_location "{\"display_name\":\"Lovelace Ceramics, Main St\",
        \"address\":{\"line1\":\"1 Main St\",\"city\":\"San Francisco\",\"state\":\"CA\",\"postal_code\":\"94110\",\"country\":\"US\"}}" \
        --account "$account")" || return 1
    location="$(jget result.location <<<"$reply")"
    reply="$(send terminal.register_reader "{\"registration_code\":\"simulated-wpe\",\"location\":\"$location\",
        \"label\":\"Counter\"}" --account "$account")" || return 1
    reader="$(jget result.reader <<<"$reply")"
    reply="$(send terminal.create_payment_intent "{\"order_reference\":\"shop-$run-3\",\"amount\":4200,
        \"currency\":\"usd\",\"capture_method\":\"automatic\",\"application_fee_amount\":420}" --account "$account")" || return 1
    pi="$(jget result.payment_intent <<<"$reply")"
    send terminal.process_payment "{\"reader\":\"$reader\",\"payment_intent\":\"$pi\"}" --account "$account" >/dev/null || return 1
    browser_urls "checkout=$session" "embedded_checkout=$embedded" "order_embedded_checkout=web-$run-4" \
        "elements_checkout=$elements" "order_elements_checkout=web-$run-5" "payment_sheet=$STRIPE_API_BASE/sim/app/payment_sheet?client_secret=$sheet_secret" \
        "reader=$STRIPE_API_BASE/sim/terminal/readers/$reader" "order_checkout=web-$run-1" "order_payment_sheet=app-$run-2" \
        "order_reader=shop-$run-3"
    cat <<TXT

Open these in a browser (test mode: use Stripe's test cards, e.g. 4242 4242 4242 4242):
  1. onboard the seller   $link  (done)
  2. buy two mugs         $session
     or one, embedded      $embedded
     or one, Payment Element $elements
  3. pay in the app       $STRIPE_API_BASE/sim/app/payment_sheet?client_secret=$sheet_secret
  4. the shop's reader    $STRIPE_API_BASE/sim/terminal/readers/$reader
Watch the bus:            tail -f $RUN_DIR/events.log
Inspect the simulator:    $STRIPE_API_BASE/sim/  or  STRIPE_API_BASE=$STRIPE_API_BASE $BIN_DIR/connectbus sim deliveries
Stop everything:          scripts/demo.sh --stop
(URLs also in $RUN_DIR/browser-urls.json.)
TXT
}
