"""Demo content for Rulesage.

Written for Rulesage, in the editors' own words, from the facts in the project's seed
documents (two English guides and a Spanish game-help for Point City, and two rules Q&A
exports citing the Point City and Archaeology: The New Expedition rulebooks). Rule terms,
numbers and page references come from those seeds; none of their sentences are reused.

This module holds data only. Translatable text is a dict {"en": ..., "es": ...}. Guide and
page bodies are lists of (block_type, value) tuples whose block types match
guides.blocks.GuideStreamBlock (guides) and guides.blocks.BodyStreamBlock (policy page).
A guide's sources are (document key, (first page, last page) or None): page numbers are
stored as numbers and worded in each reader's language.

Setup figures (cards per tier, civic tokens, turns and market cards per player count) are
stored once, on the game, and the guides show them with a "setup_facts" block. The English
guide presents the cards *used* per tier, the Spanish one the cards *returned to the box*;
both views are derived from the same numbers, so the two languages cannot disagree.

Dates tell one story (tests/rulesage/test_demo_dates.py holds it to that): each guide is
checked against its sources, then its first version is published; a correction is dated
after the version it corrects and no later than the version that carries it. The demo
rulings and errata card (`rulings/demo_content.py`) are dated after the guides' checks.
"""

from datetime import date

# ---------------------------------------------------------------------------
# Site pages
# ---------------------------------------------------------------------------

HOME = {
    "title": {
        "en": "Board-game rules, explained and checked",
        "es": "Reglas de juegos de mesa, explicadas y contrastadas",
    },
    "intro": {
        "en": (
            "<p>Rulesage publishes how-to-play guides for board games. Each guide names the "
            "rulebook pages it was checked against and the date of that check, and every "
            "factual fix is logged in a public correction note.</p>"
        ),
        "es": (
            "<p>Rulesage publica guías para aprender a jugar a juegos de mesa. Cada guía "
            "indica las páginas del reglamento con las que se ha contrastado y la fecha de esa "
            "revisión, y cualquier dato corregido queda anotado a la vista de todos.</p>"
        ),
    },
}

_POLICY_BODY_EN = [
    ("heading", "Sources come first"),
    (
        "paragraph",
        "<p>Every guide belongs to one edition of a game and lists the documents it relies "
        "on: normally the publisher's rulebook for that edition and, where it adds something, "
        "the publisher's product page. We give the rulebook pages a guide draws on, so you "
        "can open your own copy and read the rule in its original form.</p>",
    ),
    (
        "paragraph",
        "<p>We write every guide in our own words. Rule terms, card names and numbers are "
        "kept as the publisher prints them, so they match the components in your box, but "
        "the rulebook's text itself is not reproduced.</p>",
    ),
    ("heading", "What “checked on” means"),
    (
        "paragraph",
        "<p>The <b>checked on</b> date is the day an editor last went through the whole "
        "guide next to the sources it lists and confirmed that each statement about the "
        "rules agrees with them. It is not the date the guide was first written, and it "
        "says nothing about reprints, errata or other editions that appeared later.</p>",
    ),
    (
        "paragraph",
        "<p>Each guide also states its <b>rules scope</b>: the way of playing it covers, for "
        "example the standard multiplayer game, and what it leaves out, such as a solo mode "
        "or optional variants. Anything outside that scope has not been checked.</p>",
    ),
    ("heading", "Corrections"),
    (
        "paragraph",
        "<p>If a guide stated a rule wrongly, we fix it and attach a dated correction note "
        "saying what the guide used to say and what it says now. Correction notes stay on "
        "the page for good; mistakes are never rewritten silently.</p>",
    ),
    (
        "paragraph",
        "<p>Changes that leave every rule as it was, such as clearer wording, an extra "
        "example or a better layout, are not corrections. They are recorded as a new "
        "version instead.</p>",
    ),
    ("heading", "Versions"),
    (
        "paragraph",
        "<p>Each time a guide is published, its text at that moment is kept as a numbered "
        "version with a one-line summary of the change. Any earlier version can be compared "
        "with the current one to see exactly what moved.</p>",
    ),
    ("heading", "Examples and tips"),
    (
        "paragraph",
        "<p>Blocks labelled <b>Hypothetical example</b> are situations our editors made up "
        "to show how a rule works in practice. They are editorial illustrations, not "
        "accounts of playtesting or of recorded games, and they never introduce rules of "
        "their own. Notes and teaching tips are our advice, not part of the rules.</p>",
    ),
    ("heading", "Translations"),
    (
        "paragraph",
        "<p>Spanish guides are written from the same sources as the English ones rather "
        "than machine-translated. The two may present a fact from different angles (one "
        "might list the cards you play with, the other the cards you put back in the box), "
        "but the facts themselves always agree.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Every report of a possible mistake is checked against the listed "
            "sources before a guide is changed.</p>",
        },
    ),
]

_POLICY_BODY_ES = [
    ("heading", "Primero, las fuentes"),
    (
        "paragraph",
        "<p>Cada guía corresponde a una edición concreta de un juego y enumera los "
        "documentos en los que se apoya: normalmente el reglamento del editor para esa "
        "edición y, cuando aporta algo, la página del producto en la web del editor. "
        "Indicamos las páginas del reglamento que usa cada guía para que puedas abrir tu "
        "ejemplar y leer la regla tal como está escrita.</p>",
    ),
    (
        "paragraph",
        "<p>Todas las guías están redactadas con nuestras propias palabras. Los términos de "
        "juego, los nombres de cartas y las cifras se mantienen como los imprime el editor, "
        "para que coincidan con los componentes de tu caja, pero no reproducimos el texto "
        "del reglamento.</p>",
    ),
    ("heading", "Qué significa «revisada el»"),
    (
        "paragraph",
        "<p>La fecha de <b>revisión</b> es el día en que un editor repasó por última vez "
        "la guía completa junto a las fuentes que cita y confirmó que cada afirmación sobre "
        "las reglas coincide con ellas. No es la fecha en que se escribió la guía, y no "
        "cubre reimpresiones, erratas ni ediciones aparecidas después.</p>",
    ),
    (
        "paragraph",
        "<p>Cada guía indica también su <b>alcance</b>: qué forma de jugar explica (por "
        "ejemplo, la partida multijugador normal) y qué deja fuera, como el modo en "
        "solitario o las variantes opcionales. Lo que queda fuera del alcance no se ha "
        "revisado.</p>",
    ),
    ("heading", "Correcciones"),
    (
        "paragraph",
        "<p>Si una guía explicaba mal una regla, la arreglamos y añadimos una nota de "
        "corrección con fecha que recoge lo que decía antes y lo que dice ahora. Esas notas "
        "permanecen en la página; nunca corregimos un error sin dejar constancia.</p>",
    ),
    (
        "paragraph",
        "<p>Los cambios que no alteran ninguna regla, como una redacción más clara, un "
        "ejemplo nuevo o una mejor presentación, no son correcciones: quedan registrados "
        "como una versión nueva.</p>",
    ),
    ("heading", "Versiones"),
    (
        "paragraph",
        "<p>Cada vez que se publica una guía, su texto en ese momento se guarda como una "
        "versión numerada con un resumen de una línea. Puedes comparar cualquier versión "
        "anterior con la actual para ver exactamente qué ha cambiado.</p>",
    ),
    ("heading", "Ejemplos y consejos"),
    (
        "paragraph",
        "<p>Los bloques titulados <b>Ejemplo hipotético</b> son situaciones inventadas por "
        "nuestros editores para mostrar cómo funciona una regla. Son ilustraciones "
        "editoriales, no crónicas de pruebas de juego ni de partidas reales, y nunca añaden "
        "reglas propias. Las notas y los consejos para enseñar son recomendaciones nuestras, "
        "no reglas.</p>",
    ),
    ("heading", "Traducciones"),
    (
        "paragraph",
        "<p>Las guías en español se escriben a partir de las mismas fuentes que las "
        "inglesas, no con traducción automática. A veces una versión presenta un dato desde "
        "otro ángulo (una puede indicar las cartas con las que se juega y la otra las que "
        "vuelven a la caja), pero los datos siempre coinciden.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Cualquier aviso de un posible error se contrasta con las fuentes "
            "citadas antes de modificar la guía.</p>",
        },
    ),
]

POLICY = {
    "slug": {"en": "editorial-policy", "es": "politica-editorial"},
    "title": {"en": "Editorial policy", "es": "Política editorial"},
    "intro": {
        "en": (
            "How we write our guides, check them against the publisher's rules, and correct "
            "them when we get something wrong."
        ),
        "es": (
            "Cómo escribimos nuestras guías, cómo las contrastamos con las reglas del editor "
            "y cómo las corregimos cuando nos equivocamos."
        ),
    },
    "body": {"en": _POLICY_BODY_EN, "es": _POLICY_BODY_ES},
}

GAMES_INDEX = {
    "slug": {"en": "games", "es": "juegos"},
    "title": {"en": "Games", "es": "Juegos"},
    "intro": {
        "en": (
            "<p>Every game we cover, with the edition its guides were checked against. Pick a "
            "game to see its guides.</p>"
        ),
        "es": (
            "<p>Todos los juegos que cubrimos, con la edición con la que se contrastaron sus "
            "guías. Elige un juego para ver sus guías.</p>"
        ),
    },
}

# ---------------------------------------------------------------------------
# Games, editions and source documents
# ---------------------------------------------------------------------------

GAMES = [
    {
        "slug": "point-city",
        "name": {"en": "Point City", "es": "Ciudad de Puntos"},
        "bgg_id": 368017,
        "publisher": "AEG",
        "min_players": 1,
        "max_players": 4,
        # Cards per tier in the box, and per player count: cards used from each tier, civic
        # tokens in the supply, turns per player and cards left in the market at the end.
        "setup": {
            "tiers": [65, 50, 45],
            "players": [
                {"players": (1, 2), "cards_used": [40, 24, 18], "civic_tokens": 10},
                {"players": (3, 3), "cards_used": [52, 36, 28], "civic_tokens": 12},
                {"players": (4, 4), "cards_used": [64, 48, 38], "civic_tokens": 14},
            ],
            "turns_per_player": 17,
            "market_cards_left": 14,
        },
        "page": {
            "slug": {"en": "point-city", "es": "ciudad-de-puntos"},
            "title": {"en": "Point City", "es": "Ciudad de Puntos"},
            "overview": {
                "en": (
                    "<p><b>Point City</b> is a card-drafting city-building game for 1–4 "
                    "players, published by AEG. Every card has two faces, a resource and a "
                    "building. On your turn you take two cards from a shared four-by-four "
                    "market (or the top two of the draw pile), spend resources to construct "
                    "buildings, and collect civic tokens that reward particular features of "
                    "your city.</p>"
                    "<p>When the draw pile can no longer refill the market, the game ends "
                    "and the player whose buildings and civic tokens are worth the most "
                    "points wins.</p>"
                ),
                "es": (
                    "<p><b>Ciudad de Puntos</b> (<i>Point City</i>) es un juego de "
                    "selección de cartas y construcción de ciudades para 1 a 4 jugadores, "
                    "publicado por AEG. Todas las cartas tienen dos caras: una de recurso y "
                    "otra de edificio. En tu turno te llevas dos cartas de un mercado común "
                    "de cuatro por cuatro (o las dos primeras del mazo), gastas recursos "
                    "para construir edificios y consigues fichas de edificio comunitario que "
                    "premian rasgos concretos de tu ciudad.</p>"
                    "<p>Cuando el mazo ya no alcanza para reponer el mercado, la partida "
                    "termina y gana quien sume más puntos entre sus edificios y sus "
                    "fichas.</p>"
                ),
            },
        },
        "editions": [
            {
                "code": "bg-368017-en-1e",
                "language": "en",
                "label": {"en": "First edition (English)", "es": "Primera edición (en inglés)"},
                "external_id": "965",
                "documents": [
                    {
                        "key": "point-city-rulebook",
                        "kind": "rulebook",
                        "title": "Point City — Rulebook",
                        "version": "",
                        "published_on": None,
                        "url": "",
                        "external_id": "1035",
                    },
                    {
                        "key": "point-city-product-page",
                        "kind": "product_page",
                        "title": "Point City — AEG product page",
                        "version": "",
                        "published_on": None,
                        "url": "",
                        "external_id": "",
                    },
                ],
            },
        ],
    },
    {
        "slug": "archaeology-the-new-expedition",
        "name": {
            "en": "Archaeology: The New Expedition",
            "es": "Archaeology: The New Expedition",
        },
        "bgg_id": 191300,
        # The seed documents do not name the publisher.
        "publisher": "",
        "min_players": 2,
        "max_players": 4,
        "page": {
            "slug": {
                "en": "archaeology-the-new-expedition",
                "es": "archaeology-the-new-expedition",
            },
            "title": {
                "en": "Archaeology: The New Expedition",
                "es": "Archaeology: The New Expedition",
            },
            "overview": {
                "en": (
                    "<p><b>Archaeology: The New Expedition</b> is a treasure-hunting card "
                    "game for 2–4 players. Each turn starts with a dig, where you hope to "
                    "turn up treasure rather than a thief or a sandstorm. Afterwards you may "
                    "trade at the marketplace, explore the monument, or sell sets of "
                    "treasure to the museum.</p>"
                    "<p>Once every hand is empty, the player whose museum sales are worth "
                    "the most wins.</p>"
                ),
                "es": (
                    "<p><b>Archaeology: The New Expedition</b> es un juego de cartas de "
                    "búsqueda de tesoros para 2 a 4 jugadores. Cada turno empieza con una "
                    "excavación en la que esperas encontrar un tesoro y no un ladrón o una "
                    "tormenta de arena. Después puedes comerciar en el mercado, explorar el "
                    "monumento o vender colecciones de tesoros al museo.</p>"
                    "<p>Cuando ningún jugador tiene cartas en la mano, gana quien haya "
                    "obtenido más valor con sus ventas al museo.</p>"
                ),
            },
        },
        "editions": [
            {
                "code": "bg-191300-en-1e",
                "language": "en",
                "label": {"en": "First edition (English)", "es": "Primera edición (en inglés)"},
                "external_id": "1001",
                "documents": [
                    {
                        "key": "archaeology-rulebook",
                        "kind": "rulebook",
                        "title": "Archaeology: The New Expedition — Rulebook",
                        "version": "",
                        "published_on": None,
                        "url": "",
                        "external_id": "1071",
                    },
                ],
            },
        ],
    },
]

# ---------------------------------------------------------------------------
# Point City — "How to play": sections shared by its versions
# ---------------------------------------------------------------------------

_PC_SETUP_EN = [
    ("heading", "Set up the tiered deck"),
    (
        "paragraph",
        "<p>Every Point City card is double-sided, with a resource on one face and a "
        "building on the other. The dots in the bottom-left corner of the building side "
        "show its tier. Sort the cards into three piles by tier, shuffle each pile on its "
        "own, and turn all three resource side up.</p>",
    ),
    (
        "paragraph",
        "<p>You do not play with every card. From each shuffled pile, count out the number "
        "shown below for your player count and put the remainder back in the box.</p>",
    ),
    ("setup_facts", {"show": "cards_used", "caption": ""}),
    (
        "paragraph",
        "<p>Build a single draw pile from the three piles: tier 3 at the bottom, tier 2 on "
        "top of it, and tier 1 on top of everything. Put it where everyone can reach it.</p>",
    ),
    (
        "paragraph",
        "<p>Turn every civic token face down and mix them. Draw the number given below, "
        "turn them face up and spread them out as a supply that all players share; the "
        "others go back in the box.</p>",
    ),
    ("setup_facts", {"show": "civic_tokens", "caption": ""}),
]

_PC_SETUP_ES = [
    ("heading", "Prepara el mazo por niveles"),
    (
        "paragraph",
        "<p>Todas las cartas de Ciudad de Puntos tienen dos caras: recurso por un lado y "
        "edificio por el otro. Los puntos de la esquina inferior izquierda de la cara de "
        "edificio indican su nivel. Reparte las cartas en tres montones (niveles 1, 2 y 3), "
        "baraja cada montón por separado y déjalos con la cara de recurso hacia arriba.</p>",
    ),
    (
        "paragraph",
        "<p>No se juega con todas las cartas. Según el número de jugadores, aparta de cada "
        "montón ya barajado las cartas que indica la tabla y guárdalas en la caja; se juega "
        "con las que quedan.</p>",
    ),
    ("setup_facts", {"show": "cards_returned", "caption": ""}),
    (
        "paragraph",
        "<p>Forma el mazo apilando los tres montones: el de nivel 3 abajo, encima el de "
        "nivel 2 y arriba del todo el de nivel 1. Déjalo al alcance de todos.</p>",
    ),
    (
        "paragraph",
        "<p>Pon bocabajo todas las fichas de edificio comunitario y mézclalas. Saca tantas "
        "como indica la tabla, dales la vuelta y colócalas en una reserva común; las demás "
        "vuelven a la caja.</p>",
    ),
    ("setup_facts", {"show": "civic_tokens", "caption": ""}),
]

_PC_MARKET_EN = [
    ("heading", "Lay out the market and starting cards"),
    (
        "steps",
        {
            "title": "Before the first turn",
            "steps": [
                "<p>Deal the top sixteen cards of the draw pile, resource side up, into a "
                "four-by-four grid. Fill it the way you would read a page: begin at the "
                "top-left space, go across each row in turn, and end at the bottom-right.</p>",
                "<p>Put the market tokens to one side. They serve as reminders while you "
                "refill the market.</p>",
                "<p>Take one Ingenuity Starting Card per player, making sure the one marked "
                "with the start-player symbol is among them. Deal them out at random and "
                "have everyone turn theirs face up.</p>",
                "<p>Whoever has the start-player symbol goes first; turns then pass clockwise.</p>",
            ],
        },
    ),
    (
        "note",
        {
            "text": "<p>The Ingenuity Starting Card is a resource you can spend, and "
            "ingenuity counts as any resource. It is not a building, so it never gives you "
            "a permanent resource.</p>",
        },
    ),
]

_PC_MARKET_ES = [
    ("heading", "Mercado y cartas iniciales"),
    (
        "steps",
        {
            "title": "Antes del primer turno",
            "steps": [
                "<p>Reparte las 16 primeras cartas del mazo, con la cara de recurso a la "
                "vista, en una cuadrícula de cuatro por cuatro. Rellénala como quien lee: "
                "empieza por la esquina superior izquierda, avanza fila a fila y termina en "
                "la esquina inferior derecha.</p>",
                "<p>Deja las fichas de mercado a un lado; sirven de recordatorio al reponer "
                "el mercado.</p>",
                "<p>Toma una carta de ingenio por jugador, asegurándote de incluir la que "
                "lleva el símbolo de jugador inicial. Repártelas al azar y que cada cual dé "
                "la vuelta a la suya.</p>",
                "<p>Quien tenga el símbolo de jugador inicial empieza; después se juega en "
                "el sentido de las agujas del reloj.</p>",
            ],
        },
    ),
    (
        "note",
        {
            "text": "<p>La carta de ingenio es un recurso que puedes gastar, y el ingenio "
            "sirve como comodín para cualquier recurso. No es un edificio, así que nunca te "
            "da un recurso permanente.</p>",
        },
    ),
]

_PC_TURN_EN = [
    ("heading", "On your turn: optional flip, then two cards"),
    (
        "paragraph",
        "<p>Before you take any cards, look for a row or column of the market made up "
        "entirely of resources. If there is one, you may turn one of its resource cards "
        "over to the building side. The flip is optional, you get at most one per turn, "
        "and it only goes one way: a building is never turned back into a resource.</p>",
    ),
    (
        "paragraph",
        "<p>Next, take exactly two cards in one of these two ways:</p>"
        "<ul>"
        "<li><b>From the market:</b> two orthogonally adjacent cards, meaning side by side "
        "in a row or one above the other in a column. Cards that only touch at a corner "
        "are not adjacent.</li>"
        "<li><b>From the draw pile:</b> the top two cards, which you receive as resources. "
        "You can see the resource on the top card, but not the one beneath it.</li>"
        "</ul>"
        "<p>Taking one card from the market and the other from the pile is not allowed.</p>",
    ),
    (
        "paragraph",
        "<p>A resource card is always yours to take; it stays beside you, ready to spend now "
        "or on a later turn. A building has to be paid for the moment you take it. If you "
        "cannot pay for both cards of a pair, that pair is off limits, because there is no "
        "way to hold on to a building and pay for it later.</p>",
    ),
]

_PC_TURN_ES = [
    ("heading", "Tu turno: volteo opcional y después dos cartas"),
    (
        "paragraph",
        "<p>Antes de tomar cartas, comprueba si alguna fila o columna del mercado muestra "
        "solo recursos. Si es así, puedes girar una de esas cartas para que enseñe su cara "
        "de edificio. Es opcional, como mucho una vez por turno, y nunca al revés: un "
        "edificio no vuelve a convertirse en recurso.</p>",
    ),
    (
        "paragraph",
        "<p>A continuación te llevas exactamente dos cartas, de una de estas dos "
        "maneras:</p>"
        "<ul>"
        "<li><b>Del mercado:</b> dos cartas ortogonalmente adyacentes, es decir, una junto "
        "a otra en la misma fila o una encima de otra en la misma columna. Las que solo se "
        "tocan por una esquina no cuentan como adyacentes.</li>"
        "<li><b>Del mazo:</b> las dos cartas de arriba, que recibes como recursos. El "
        "recurso de la primera está a la vista; el de la segunda, no.</li>"
        "</ul>"
        "<p>No se puede combinar una carta del mercado con otra del mazo.</p>",
    ),
    (
        "paragraph",
        "<p>Una carta de recurso siempre se puede tomar: déjala delante de ti para gastarla "
        "ahora o en otro turno. Un edificio, en cambio, se paga en el momento de tomarlo. "
        "Si no puedes pagar las dos cartas de una pareja, esa pareja queda descartada: no "
        "hay forma de reservar un edificio para pagarlo más adelante.</p>",
    ),
]

_PC_PAY_EN = [
    ("heading", "Pay for buildings"),
    (
        "paragraph",
        "<p>A building's cost is covered from two sources, in any mix:</p>"
        "<ul>"
        "<li><b>Resource cards</b> in front of you, which are discarded once spent. "
        "Ingenuity stands in for any resource, and a card printed with two identical "
        "symbols provides two of that resource.</li>"
        "<li><b>Permanent resources</b> that your previously built buildings "
        "provide. These are not discarded.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Three timing rules apply:</p>"
        "<ul>"
        "<li>A resource card you take this turn may help pay for the building you take "
        "together with it.</li>"
        "<li>A building constructed this turn starts producing on your next turn, so it "
        "cannot fund the other card of the same pair.</li>"
        "<li>No permanent resource can be spent twice in the same turn, even when you "
        "construct two buildings.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Each constructed building goes into your city, the cards laid out before you, "
        "placed so its permanent resource stays visible. Spent resource cards go to a "
        "discard pile.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Your city has one building that produces a permanent energy. You "
            "take two adjacent buildings that each cost one energy and nothing else. Your "
            "permanent energy can pay for only one of them. The other still needs energy "
            "from a card: an energy resource card you already hold, or your wild Ingenuity "
            "card. Without either, you cannot take this pair at all.</p>",
        },
    ),
]

_PC_PAY_ES = [
    ("heading", "Paga los edificios"),
    (
        "paragraph",
        "<p>El coste de un edificio se cubre con dos fuentes, combinadas como quieras:</p>"
        "<ul>"
        "<li><b>Cartas de recurso</b> que tengas delante, que se descartan al gastarlas. El "
        "ingenio vale por cualquier recurso, y una carta con dos símbolos iguales aporta "
        "dos unidades de ese recurso.</li>"
        "<li><b>Recursos permanentes</b> de los edificios que construiste en turnos "
        "anteriores, que no se descartan.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Hay tres reglas de tiempo:</p>"
        "<ul>"
        "<li>Un recurso que tomas este turno puede ayudar a pagar el edificio que tomas "
        "junto a él.</li>"
        "<li>Un edificio construido este turno no produce hasta tu turno siguiente, así "
        "que no sirve para pagar la otra carta de la pareja.</li>"
        "<li>Ningún recurso permanente puede gastarse dos veces en el mismo turno, aunque "
        "construyas dos edificios.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Cada edificio construido pasa a tu ciudad, las cartas que tienes delante, "
        "colocado de forma que se vea su recurso permanente. Las cartas de recurso gastadas "
        "van a una pila de descartes.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>En tu ciudad hay un edificio que produce una energía permanente. "
            "Tomas dos edificios adyacentes que cuestan una energía cada uno y nada más. Tu "
            "energía permanente solo paga uno de ellos. Para el otro necesitas energía de "
            "una carta: una carta de recurso de energía que ya tengas o tu carta de ingenio "
            "como comodín. Si no tienes ninguna de las dos, no puedes llevarte esa "
            "pareja.</p>",
        },
    ),
]

_PC_CIVIC_EN = [
    ("heading", "Claim civic tokens"),
    (
        "paragraph",
        "<p>A civic building is recognisable by the civic icon at its top right. It gives "
        "neither points nor a permanent resource. Instead, when you construct one, you choose any "
        "civic token left in the shared supply and keep it face up in front of you. Each "
        "token names a feature of your city that will score at the end of the game.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Teaching tip: when someone picks a token, ask them to say out loud "
            "what it rewards. The table learns the tokens faster, and the final count is "
            "easier to check.</p>",
        },
    ),
]

_PC_CIVIC_ES = [
    ("heading", "Consigue fichas de edificio comunitario"),
    (
        "paragraph",
        "<p>Los edificios comunitarios llevan un icono cívico en la esquina superior "
        "derecha. No dan puntos ni recursos permanentes; a cambio, cuando construyes uno "
        "eliges cualquier ficha de edificio comunitario que quede en la reserva y la "
        "dejas bocarriba delante de ti. Cada ficha indica qué rasgo de tu ciudad puntuará "
        "al final de la partida.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Consejo para enseñar: cuando alguien escoja una ficha, pídele que "
            "diga en voz alta qué premia. Así todos aprenden antes las fichas y el recuento "
            "final es más fácil de comprobar.</p>",
        },
    ),
]

_PC_REFILL_RULES_EN = [
    ("heading", "Refill the market"),
    (
        "paragraph",
        "<p>Your turn is over once you have taken your two cards, paid for any buildings "
        "and claimed any civic tokens. If your cards came from the market, fill the two "
        "gaps from the top of the draw pile, one card at a time, in reading order, "
        "beginning with the gap nearest the top-left.</p>",
    ),
    (
        "paragraph",
        "<p>Each new card shows the <b>opposite</b> face to the card that left that space: "
        "where a resource was taken, the newcomer arrives building side up, and where a "
        "building was taken, it arrives resource side up. As you take each card, put a "
        "market token in its space showing the face that was taken, so nobody forgets "
        "which way the replacement goes.</p>",
    ),
    (
        "paragraph",
        "<p>The other market cards never slide over to close a gap. A draft from the draw "
        "pile leaves no gaps, so then nothing is refilled.</p>",
    ),
]

_PC_REFILL_EXAMPLE_EN = [
    (
        "example",
        {
            "title": "",
            "text": "<p>You take a building from row 3, column 1 and the resource to its "
            "right in row 3, column 2. Row 3, column 1 comes first in reading order, so it "
            "is refilled first: the top card of the draw pile goes there resource side up, "
            "because a building left that space. The next card goes to row 3, column 2 "
            "building side up, because a resource left it.</p>",
        },
    ),
]

_PC_REFILL_RULES_ES = [
    ("heading", "Repón el mercado"),
    (
        "paragraph",
        "<p>Tu turno termina cuando has tomado tus dos cartas, has pagado los edificios y "
        "has escogido las fichas que te correspondan. Si las cartas salieron del mercado, "
        "rellena los dos huecos con cartas del mazo, de una en una y en orden de lectura "
        "(de arriba a la izquierda hacia abajo a la derecha).</p>",
    ),
    (
        "paragraph",
        "<p>Cada carta nueva se coloca con la cara <b>contraria</b> a la de la carta que "
        "ocupaba ese hueco: donde había un recurso entra un edificio, y donde había un "
        "edificio entra un recurso. Al tomar cada carta, deja en su hueco una ficha de "
        "mercado con la cara que mostraba, para recordar cómo colocar la reposición.</p>",
    ),
    (
        "paragraph",
        "<p>Las demás cartas del mercado no se desplazan para tapar huecos. Si robaste las "
        "dos cartas de arriba del mazo, no hay nada que reponer.</p>",
    ),
]

_PC_REFILL_EXAMPLE_ES = [
    (
        "example",
        {
            "title": "",
            "text": "<p>Tomas un edificio de la fila 3, columna 1, y el recurso que tiene a "
            "su derecha, en la fila 3, columna 2. La fila 3, columna 1 va antes en orden de "
            "lectura, así que se repone primero: la carta de arriba del mazo entra con la "
            "cara de recurso, porque de ahí salió un edificio. La siguiente carta va a la "
            "fila 3, columna 2 con la cara de edificio, porque de ahí salió un recurso.</p>",
        },
    ),
]

# Version 1 stated the end of the game wrongly (see the correction below).
_PC_END_V1_EN = [
    ("heading", "End of the game and scoring"),
    (
        "paragraph",
        "<p>Once the draw pile runs out, keep taking turns from the market without "
        "refilling it. The game ends when the market is empty.</p>",
    ),
]

_PC_END_V1_ES = [
    ("heading", "Final de la partida y puntuación"),
    (
        "paragraph",
        "<p>Cuando se agota el mazo, se sigue jugando con las cartas del mercado, sin "
        "reponerlo. La partida termina cuando el mercado se queda vacío.</p>",
    ),
]

_PC_END_EN = [
    ("heading", "End of the game and scoring"),
    (
        "paragraph",
        "<p>Play stops at the point where the market cannot be filled again because the "
        "draw pile is empty. With the card counts from setup, every player has then had "
        "the same number of turns, and some cards are still in the market; nobody needs "
        "to clear it.</p>",
    ),
    ("setup_facts", {"show": "turns_and_market", "caption": ""}),
]

_PC_END_ES = [
    ("heading", "Final de la partida y puntuación"),
    (
        "paragraph",
        "<p>La partida termina cuando el mazo se ha agotado y el mercado ya no se puede "
        "reponer. Con las cartas indicadas en la preparación, para entonces todos los "
        "jugadores han jugado el mismo número de turnos y en el mercado quedan todavía "
        "cartas: no hace falta vaciarlo.</p>",
    ),
    ("setup_facts", {"show": "turns_and_market", "caption": ""}),
]

_PC_SCORING_EN = [
    (
        "paragraph",
        "<p>Then add up your score:</p>"
        "<ul>"
        "<li>the points printed on the buildings in your city;</li>"
        "<li>the points your civic tokens earn.</li>"
        "</ul>"
        "<p>When a token scores a type of resource, it counts the <b>permanent</b> "
        "resources your buildings produce. Resource cards you never spent do not count "
        "towards it; only a token that explicitly rewards unspent cards scores them, and "
        "it does so on its own terms.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>One of your tokens is worth 2 points for each permanent economy "
            "resource. Your city produces four economy permanently, so the token scores 8. "
            "The three economy resource cards still lying in front of you add nothing to "
            "it.</p>",
        },
    ),
]

_PC_SCORING_ES = [
    (
        "paragraph",
        "<p>Después, cada jugador suma:</p>"
        "<ul>"
        "<li>los puntos impresos en los edificios de su ciudad;</li>"
        "<li>los puntos que le den sus fichas de edificio comunitario.</li>"
        "</ul>"
        "<p>Si una ficha puntúa un tipo de recurso, cuenta los recursos <b>permanentes</b> "
        "que producen tus edificios. Las cartas de recurso que no gastaste no suman para "
        "ella; solo una ficha que premie expresamente las cartas sin gastar las tiene en "
        "cuenta, y según lo que diga esa ficha.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Una de tus fichas da 2 puntos por cada recurso permanente de "
            "economía. Tu ciudad produce cuatro de economía de forma permanente, así que la "
            "ficha vale 8 puntos. Las tres cartas de recurso de economía que siguen delante "
            "de ti no le añaden nada.</p>",
        },
    ),
]

_PC_TIE_EN = [
    ("heading", "Breaking a tie"),
    (
        "paragraph",
        "<p>The highest total wins. If players are tied, the one holding more unspent "
        "resource cards wins. Count cards, not symbols: a card with two symbols is still "
        "one card. If that number is level too, the tied players share the victory.</p>",
    ),
]

_PC_TIE_ES = [
    ("heading", "Desempates"),
    (
        "paragraph",
        "<p>Gana quien tenga más puntos. Si hay empate, se impone el jugador empatado con "
        "más cartas de recurso sin gastar. Se cuentan cartas, no símbolos: una carta con "
        "dos símbolos sigue siendo una sola carta. Si también en eso hay igualdad, los "
        "jugadores empatados comparten la victoria.</p>",
    ),
]

# ---------------------------------------------------------------------------
# Point City — "Draft & Build" sections
# ---------------------------------------------------------------------------

_PC_DRAFT_BUILD_EN = [
    ("heading", "The optional flip"),
    (
        "paragraph",
        "<p>At the start of your turn, before you take anything, scan the market's rows "
        "and columns. If one of them shows nothing but resources, you may turn one of its "
        "resource cards over so the building faces up. You get one flip per turn at most, "
        "and a building can never be flipped back into a resource.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Flipping is a choice, not a duty. It is worth it when a card's "
            "building side would serve you better than its resource, for example to make "
            "up a pair you can afford.</p>",
        },
    ),
    ("heading", "Taking a pair"),
    (
        "paragraph",
        "<p>Every turn you take exactly two cards. From the market, the two must share an "
        "edge: neighbours in the same row or in the same column. Cards that meet only at "
        "a corner do not qualify. Alternatively you take the top two cards of the draw "
        "pile, both of them, and you never pair one pile card with one market card.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Picture the card at row 2, column 2. It can be paired with the "
            "card above it (row 1, column 2), below it (row 3, column 2), to its left (row 2, "
            "column 1) or to its right (row 2, column 3). The card at row 3, column 3 only "
            "touches it at a corner, so those two cannot be taken together.</p>",
        },
    ),
    ("heading", "Resources you take"),
    (
        "paragraph",
        "<p>Any resource card can be taken and kept in front of you. A card with two "
        "matching symbols counts as two of that resource, and an Ingenuity card is one "
        "resource of whatever type you need. A resource card you take this turn can go "
        "straight towards paying for the building you take with it.</p>",
    ),
    ("heading", "Constructing a building"),
    (
        "steps",
        {
            "title": "Paying for a building",
            "steps": [
                "<p>Check the whole cost before you commit: it must be paid in full at once, "
                "or the card cannot be taken.</p>",
                "<p>Pay with any mix of resource cards in front of you and the "
                "permanent resources of buildings you finished on previous turns.</p>",
                "<p>Discard the resource cards you used. Permanent resources stay put, but "
                "each of them can be spent only once this turn, even across two "
                "buildings.</p>",
                "<p>Place the new building in your city with its permanent-resource icon "
                "showing. It starts producing on your next turn, not this one.</p>",
            ],
        },
    ),
    ("heading", "Civic buildings"),
    (
        "paragraph",
        "<p>A civic building is marked by a civic symbol at the top right, in the spot "
        "where other buildings show points or a permanent resource. Once you have "
        "constructed it, pick any civic token still available and keep it where everyone "
        "can see it.</p>",
    ),
    ("heading", "Refilling the market"),
    (
        "paragraph",
        "<p>After taking your two cards, paying for buildings and claiming civic tokens, "
        "refill the empty spaces, working from the top-left towards the bottom-right. A "
        "space that held a resource is refilled with the next card building side up; a "
        "space that held a building gets the next card resource side up. If your cards "
        "came from the draw pile, there is no refill.</p>",
    ),
    ("heading", "When no market pair works"),
    (
        "paragraph",
        "<p>Taking two cards is compulsory. If no adjacent pair in the market would let "
        "you take both cards, for instance because every pair you like includes a "
        "building you cannot pay for, take the top two cards of the draw pile instead. A "
        "pair containing a building you can't pay for is simply not available to you.</p>",
    ),
]

_PC_DRAFT_BUILD_ES = [
    ("heading", "El volteo opcional"),
    (
        "paragraph",
        "<p>Al empezar tu turno, antes de tomar nada, repasa las filas y columnas del "
        "mercado. Si alguna muestra solo recursos, puedes girar una de sus cartas de "
        "recurso para que quede a la vista su cara de edificio. Como mucho puedes hacerlo "
        "una vez por turno, y un edificio nunca se vuelve a girar para ser recurso.</p>",
    ),
    (
        "note",
        {
            "text": "<p>Voltear es una opción, no una obligación. Compensa cuando la cara "
            "de edificio de una carta te sirve más que su recurso, por ejemplo para formar "
            "una pareja que puedas pagar.</p>",
        },
    ),
    ("heading", "Tomar una pareja"),
    (
        "paragraph",
        "<p>En cada turno te llevas exactamente dos cartas. Si salen del mercado, tienen "
        "que compartir un lado: vecinas en la misma fila o en la misma columna. Las que "
        "solo se tocan por una esquina no valen. La alternativa es robar las dos cartas de "
        "arriba del mazo, las dos, sin mezclar nunca una carta del mazo con otra del "
        "mercado.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Piensa en la carta de la fila 2, columna 2. Puede formar pareja con "
            "la de arriba (fila 1, columna 2), la de abajo (fila 3, columna 2), la de su "
            "izquierda (fila 2, columna 1) o la de su derecha (fila 2, columna 3). La de la "
            "fila 3, columna 3 solo la toca por una esquina, así que esas dos no pueden "
            "tomarse juntas.</p>",
        },
    ),
    ("heading", "Los recursos que tomas"),
    (
        "paragraph",
        "<p>Cualquier carta de recurso se puede tomar y dejar delante de ti. Una carta con "
        "dos símbolos iguales cuenta como dos unidades de ese recurso, y una carta de "
        "ingenio es un recurso del tipo que necesites. Un recurso tomado este turno puede "
        "destinarse enseguida a pagar el edificio que tomas con él.</p>",
    ),
    ("heading", "Construir un edificio"),
    (
        "steps",
        {
            "title": "Cómo pagar un edificio",
            "steps": [
                "<p>Revisa el coste completo antes de decidirte: hay que pagarlo entero en "
                "el acto, o no puedes tomar la carta.</p>",
                "<p>Paga con cualquier combinación de cartas de recurso que tengas delante "
                "y recursos permanentes de edificios construidos en turnos anteriores.</p>",
                "<p>Descarta las cartas de recurso usadas. Los recursos permanentes no se "
                "mueven, pero cada uno solo se puede gastar una vez en este turno, aunque "
                "construyas dos edificios.</p>",
                "<p>Coloca el edificio nuevo en tu ciudad con el icono de recurso permanente "
                "a la vista. Empieza a producir en tu próximo turno, no en este.</p>",
            ],
        },
    ),
    ("heading", "Edificios comunitarios"),
    (
        "paragraph",
        "<p>Un edificio comunitario lleva un símbolo cívico en la esquina superior derecha, "
        "donde los demás edificios muestran puntos o un recurso permanente. Cuando lo "
        "construyes, escoges cualquier ficha de edificio comunitario que siga disponible y "
        "la dejas a la vista de todos.</p>",
    ),
    ("heading", "Reponer el mercado"),
    (
        "paragraph",
        "<p>Cuando has tomado tus dos cartas, pagado los edificios y escogido tus fichas, "
        "rellena los huecos vacíos de arriba a la izquierda hacia abajo a la derecha. Un "
        "hueco que ocupaba un recurso recibe la siguiente carta con la cara de edificio; "
        "uno que ocupaba un edificio la recibe con la cara de recurso. Si tus cartas "
        "salieron del mazo, no se repone nada.</p>",
    ),
    ("heading", "Si ninguna pareja del mercado te sirve"),
    (
        "paragraph",
        "<p>Tomar dos cartas es obligatorio. Si ninguna pareja adyacente del mercado te "
        "permite llevarte las dos cartas, por ejemplo porque todas las que te interesan "
        "incluyen un edificio que no puedes pagar, roba las dos cartas de arriba del mazo. "
        "Una pareja con un edificio que no puedes pagar sencillamente no está a tu "
        "alcance.</p>",
    ),
]

# ---------------------------------------------------------------------------
# Archaeology: The New Expedition — "How to play"
# ---------------------------------------------------------------------------

_ARCH_HOW_TO_PLAY_EN = [
    ("heading", "Setting up"),
    (
        "steps",
        {
            "title": "Before the first turn",
            "steps": [
                "<p>Pull out the Map, Thief, Sandstorm and Tent cards and keep them apart "
                "for now.</p>",
                "<p>Remove the Broken Tablet and Broken Pendant cards your player count "
                "does not use. With 2 or 3 players, both kinds go back in the box; with 4 "
                "players, only the Broken Pendant cards do.</p>",
                "<p>Shuffle everything left into a single deck and deal each player 4 "
                "cards face down. That is your hand: keep it hidden.</p>",
                "<p>Give each player one Tent card to place face up in front of them. It "
                "does not count as part of the hand. Spare Tents go back in the box.</p>",
                "<p>Turn 5 cards from the deck face up in the middle of the table: they form "
                "the marketplace.</p>",
                "<p>Shuffle the 6 Monument tiles, reveal one and box the other five. Set up "
                "that monument's chambers with Treasure cards as its tile requires.</p>",
                "<p>Take as many Sandstorm and Thief cards as the rulebook gives for your "
                "player count and put the others back in the box.</p>",
                "<p>Shuffle those Sandstorm and Thief cards, together with the Map cards, "
                "into what remains of the Treasure deck. Put it face down on the table: "
                "this is the dig site.</p>",
            ],
        },
    ),
    (
        "note",
        {
            "text": "<p>The number of Sandstorm and Thief cards for each player count is on "
            "the setup page of the rulebook (page 3); check it before you build the dig "
            "site.</p>",
        },
    ),
    ("heading", "Your turn: dig first"),
    (
        "paragraph",
        "<p>The player who most recently had their feet in sand starts, and play then "
        "moves clockwise. Every turn opens with a dig: you must draw the top card of the "
        "dig site. What happens next depends on what you find.</p>"
        "<ul>"
        "<li><b>Treasure:</b> put it in your hand without showing it to anyone.</li>"
        "<li><b>Thief:</b> lay it face up on the table, then choose an opponent and take "
        "one card from their hand without looking at it. If no opponent holds any cards, "
        "the Thief is simply discarded.</li>"
        "<li><b>Sandstorm:</b> lay it face up on the table. Going round the table from the "
        "player on your left, each player decides whether to shelter in their tent. "
        "Anyone who does not shelter, or whose tent is already used, discards half their "
        "hand, rounded down, into the marketplace. You then dig again, and keep digging "
        "until you turn up a Treasure or a Thief.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Your Tent card is protection you can call on only once; after it has sheltered "
        "you, later sandstorms catch you like anyone else.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Someone draws a Sandstorm. You hold 7 cards and your tent is already "
            "used, so you put 3 cards (half of 7, rounded down) into the marketplace. "
            "Another player holding 4 cards decides to save their tent for later and "
            "discards 2.</p>",
        },
    ),
    ("heading", "After digging: other actions"),
    (
        "paragraph",
        "<p>With the dig behind you, you may trade at the marketplace, explore the "
        "monument, or sell treasures to the museum. When you are done, the turn passes "
        "clockwise to the next player.</p>",
    ),
    ("heading", "Trading at the marketplace"),
    (
        "paragraph",
        "<p>Every card has a trading value. You may hand over any number of cards from "
        "your hand to the marketplace and take back any number of marketplace cards, as "
        "long as what you take is worth no more in total than what you gave.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>You put cards with a combined trading value of 5 into the "
            "marketplace. You may take back cards adding up to 5, or to less, such as a "
            "single card worth 4, but never a group worth 6.</p>",
        },
    ),
    ("heading", "Exploring the monument"),
    (
        "paragraph",
        "<p>The Monument tile revealed during setup explains how its chambers are explored "
        "and what they hold, so follow that tile. You may explore no more than once per "
        "turn.</p>",
    ),
    ("heading", "Selling to the museum"),
    (
        "paragraph",
        "<p>Choose one or more Treasure cards from your hand, all of one type, and "
        "announce that you are selling them as a set. Lay the cards face up in front of "
        "you as a new row, each card overlapping the one before, apart from any earlier "
        "sales. A set may not be larger than the biggest quantity listed in that "
        "treasure's selling prices, and those prices, printed at the bottom of the card, "
        "decide what the set is worth at the end.</p>",
    ),
    ("heading", "Ending the game"),
    (
        "paragraph",
        "<p>When the dig site runs out the game continues, but turns no longer begin with "
        "a dig. You can still take other actions, or pass. If every player passes one "
        "after another, the first of them to pass must sell at least one card to the "
        "museum when their turn comes round again.</p>"
        "<p>The game is over once nobody has a card left in hand, because every remaining "
        "treasure has gone to the museum.</p>",
    ),
    ("heading", "Winning and ties"),
    (
        "paragraph",
        "<p>Add up the values of all the sets you sold; the highest total wins. If players "
        "are tied, the tied player who sold the fewest cards altogether wins.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Two players finish on the same total. One got there by selling 9 "
            "cards, the other by selling 12. The player who sold 9 cards takes the win.</p>",
        },
    ),
]

_ARCH_HOW_TO_PLAY_ES = [
    ("heading", "Preparación"),
    (
        "steps",
        {
            "title": "Antes del primer turno",
            "steps": [
                "<p>Separa las cartas de Mapa (<i>Map</i>), Ladrón (<i>Thief</i>), Tormenta "
                "de arena (<i>Sandstorm</i>) y Tienda (<i>Tent</i>) y déjalas aparte de "
                "momento.</p>",
                "<p>Retira las cartas de Tablilla rota (<i>Broken Tablet</i>) y Colgante "
                "roto (<i>Broken Pendant</i>) que no se usan con vuestro número de "
                "jugadores. Con 2 o 3 jugadores vuelven a la caja las dos clases; con 4, "
                "solo las de Colgante roto.</p>",
                "<p>Baraja todo lo que queda en un solo mazo y reparte 4 cartas bocabajo a "
                "cada jugador. Esa es tu mano: mantenla oculta.</p>",
                "<p>Entrega a cada jugador una carta de Tienda, que colocará bocarriba delante "
                "de sí. No forma parte de la mano. Las Tiendas sobrantes vuelven a la caja.</p>",
                "<p>Pon 5 cartas del mazo bocarriba en el centro de la mesa: forman el "
                "mercado.</p>",
                "<p>Baraja las 6 losetas de Monumento, revela una y guarda las otras cinco. "
                "Prepara las cámaras de ese monumento con cartas de Tesoro según indique su "
                "loseta.</p>",
                "<p>Toma las cartas de Tormenta de arena y de Ladrón que indica el "
                "reglamento para vuestro número de jugadores y devuelve el resto a la "
                "caja.</p>",
                "<p>Baraja esas cartas de Tormenta y de Ladrón, junto con las de Mapa, con "
                "lo que queda del mazo de Tesoros. Déjalo bocabajo en la mesa: es el "
                "yacimiento.</p>",
            ],
        },
    ),
    (
        "note",
        {
            "text": "<p>El número de cartas de Tormenta de arena y de Ladrón para cada "
            "número de jugadores figura en la página de preparación del reglamento (página "
            "3); consúltalo antes de montar el yacimiento.</p>",
        },
    ),
    ("heading", "Tu turno: primero, excavar"),
    (
        "paragraph",
        "<p>Empieza el jugador que haya pisado arena más recientemente, y después se sigue "
        "en el sentido de las agujas del reloj. Todo turno comienza con una excavación: "
        "tienes que robar la carta de arriba del yacimiento. Lo que ocurre depende de lo "
        "que encuentres.</p>"
        "<ul>"
        "<li><b>Tesoro:</b> añádelo a tu mano sin enseñarlo.</li>"
        "<li><b>Ladrón:</b> déjalo bocarriba en la mesa, elige a un rival y quítale una "
        "carta de la mano sin mirar. Si ningún rival tiene cartas, el Ladrón simplemente "
        "se descarta.</li>"
        "<li><b>Tormenta de arena:</b> déjala bocarriba en la mesa. Empezando por el "
        "jugador de tu izquierda y siguiendo la ronda, cada uno decide si se refugia en su "
        "tienda. Quien no se refugie, o ya haya usado su tienda, descarta la mitad de su "
        "mano, redondeando hacia abajo, al mercado. Después vuelves a excavar, y sigues "
        "haciéndolo hasta sacar un Tesoro o un Ladrón.</li>"
        "</ul>",
    ),
    (
        "paragraph",
        "<p>Tu carta de Tienda es una protección que solo puedes usar una vez; cuando ya te "
        "ha resguardado, las tormentas siguientes te afectan como a cualquiera.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Alguien roba una Tormenta de arena. Tienes 7 cartas y ya usaste tu "
            "tienda, así que echas 3 cartas (la mitad de 7, redondeando hacia abajo) al "
            "mercado. Otra jugadora con 4 cartas prefiere guardar su tienda para más "
            "adelante y descarta 2.</p>",
        },
    ),
    ("heading", "Después de excavar: otras acciones"),
    (
        "paragraph",
        "<p>Terminada la excavación, puedes comerciar en el mercado, explorar el monumento "
        "o vender tesoros al museo. Cuando acabes, el turno pasa al siguiente jugador en "
        "el sentido de las agujas del reloj.</p>",
    ),
    ("heading", "Comerciar en el mercado"),
    (
        "paragraph",
        "<p>Cada carta tiene un valor de intercambio. Puedes entregar al mercado tantas "
        "cartas de tu mano como quieras y llevarte tantas cartas del mercado como quieras, "
        "siempre que lo que te llevas no valga en total más que lo que has dado.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Dejas en el mercado cartas con un valor de intercambio total de 5. "
            "Puedes llevarte cartas que sumen 5 o menos, por ejemplo una sola carta que "
            "valga 4, pero nunca un grupo que valga 6.</p>",
        },
    ),
    ("heading", "Explorar el monumento"),
    (
        "paragraph",
        "<p>La loseta de Monumento revelada en la preparación explica cómo se exploran sus "
        "cámaras y qué contienen, así que sigue sus indicaciones. Solo puedes explorar una "
        "vez por turno como máximo.</p>",
    ),
    ("heading", "Vender al museo"),
    (
        "paragraph",
        "<p>Elige una colección de una o más cartas de Tesoro del mismo tipo de tu mano y "
        "anuncia la venta. Coloca las cartas bocarriba delante de ti en una fila nueva, "
        "cada una montada sobre la anterior, separada de tus ventas previas. Una colección "
        "no puede superar la cantidad más alta que figura en los precios de venta de ese "
        "tesoro; esos precios, impresos en la parte inferior de la carta, determinan lo "
        "que valdrá la colección al final.</p>",
    ),
    ("heading", "Final de la partida"),
    (
        "paragraph",
        "<p>Cuando se agota el yacimiento la partida continúa, pero los turnos ya no "
        "empiezan con una excavación. Puedes seguir haciendo otras acciones o pasar. Si "
        "todos los jugadores pasan uno tras otro, el primero que pasó está obligado a "
        "vender al menos una carta al museo cuando le vuelva a tocar.</p>"
        "<p>La partida acaba cuando nadie tiene cartas en la mano, porque todos los tesoros "
        "restantes se han vendido al museo.</p>",
    ),
    ("heading", "Victoria y desempate"),
    (
        "paragraph",
        "<p>Suma el valor de todas las colecciones que has vendido; gana el total más alto. "
        "En caso de empate, gana el jugador empatado que haya vendido menos cartas en "
        "total.</p>",
    ),
    (
        "example",
        {
            "title": "",
            "text": "<p>Dos jugadores terminan con el mismo total. Uno lo consiguió "
            "vendiendo 9 cartas y el otro vendiendo 12. Gana quien vendió 9.</p>",
        },
    ),
]

# ---------------------------------------------------------------------------
# Guides (child pages of each game page)
# ---------------------------------------------------------------------------

GUIDES = [
    {
        "game": "point-city",
        "slug": {"en": "how-to-play", "es": "como-jugar"},
        "kind": "how_to_play",
        "title": {"en": "How to play Point City", "es": "Cómo jugar a Ciudad de Puntos"},
        "intro": {
            "en": (
                "Everything you need for a standard game of Point City, from building the "
                "tiered deck to the final count."
            ),
            "es": (
                "Todo lo necesario para una partida normal de Ciudad de Puntos, desde "
                "preparar el mazo por niveles hasta el recuento final."
            ),
        },
        "checked_on": date(2026, 10, 6),
        "rules_scope": {
            "en": (
                "The standard multiplayer game. The solo mode's AI opponent follows its own "
                "procedures and is not covered here."
            ),
            "es": (
                "La partida multijugador normal. El oponente automático del modo en "
                "solitario sigue sus propios procedimientos y no se trata aquí."
            ),
        },
        "sources": [
            ("point-city-rulebook", (4, 11)),
            ("point-city-product-page", None),
        ],
        "versions": [
            {
                "published_on": date(2026, 10, 6),
                "summary": {"en": "First published version.", "es": "Primera versión publicada."},
                "body": {
                    "en": [
                        *_PC_SETUP_EN,
                        *_PC_MARKET_EN,
                        *_PC_TURN_EN,
                        *_PC_PAY_EN,
                        *_PC_CIVIC_EN,
                        *_PC_REFILL_RULES_EN,
                        *_PC_END_V1_EN,
                        *_PC_SCORING_EN,
                    ],
                    "es": [
                        *_PC_SETUP_ES,
                        *_PC_MARKET_ES,
                        *_PC_TURN_ES,
                        *_PC_PAY_ES,
                        *_PC_CIVIC_ES,
                        *_PC_REFILL_RULES_ES,
                        *_PC_END_V1_ES,
                        *_PC_SCORING_ES,
                    ],
                },
            },
            {
                "published_on": date(2026, 10, 20),
                "summary": {
                    "en": (
                        "Added the tie-break rule and a worked refill example, and corrected "
                        "when the game ends."
                    ),
                    "es": (
                        "Se añaden la regla de desempate y un ejemplo de reposición, y se "
                        "corrige el momento en que termina la partida."
                    ),
                },
                "body": {
                    "en": [
                        *_PC_SETUP_EN,
                        *_PC_MARKET_EN,
                        *_PC_TURN_EN,
                        *_PC_PAY_EN,
                        *_PC_CIVIC_EN,
                        *_PC_REFILL_RULES_EN,
                        *_PC_REFILL_EXAMPLE_EN,
                        *_PC_END_EN,
                        *_PC_SCORING_EN,
                        *_PC_TIE_EN,
                    ],
                    "es": [
                        *_PC_SETUP_ES,
                        *_PC_MARKET_ES,
                        *_PC_TURN_ES,
                        *_PC_PAY_ES,
                        *_PC_CIVIC_ES,
                        *_PC_REFILL_RULES_ES,
                        *_PC_REFILL_EXAMPLE_ES,
                        *_PC_END_ES,
                        *_PC_SCORING_ES,
                        *_PC_TIE_ES,
                    ],
                },
            },
        ],
        "corrections": [
            {
                "corrected_on": date(2026, 10, 20),
                "what_was_wrong": {
                    "en": (
                        "The end-of-game section said that once the draw pile ran out, play "
                        "went on without refilling until the market was empty."
                    ),
                    "es": (
                        "La sección sobre el final decía que, al agotarse el mazo, se seguía "
                        "jugando sin reponer hasta vaciar el mercado."
                    ),
                },
                "what_it_says_now": {
                    "en": (
                        "Play stops as soon as an empty draw pile makes it impossible to "
                        "refill the market. By then each player has had 17 turns, "
                        "and 14 cards are still in the market."
                    ),
                    "es": (
                        "La partida termina en cuanto se agota el mazo y el mercado ya no "
                        "se puede reponer. Para entonces cada jugador ha jugado 17 turnos y "
                        "en el mercado quedan 14 cartas."
                    ),
                },
                # Empty: the editorial team, named in each reader's language.
                "corrected_by": "",
            },
        ],
    },
    {
        "game": "point-city",
        "slug": {"en": "draft-and-build", "es": "robar-y-construir"},
        "kind": "topic",
        "title": {"en": "Draft & Build", "es": "Robar y construir"},
        "intro": {
            "en": (
                "What happens to the shared Point City market on each turn, and how to pay for the "
                "buildings you take from it."
            ),
            "es": (
                "Cómo cambia el mercado común de Ciudad de Puntos en cada turno y cómo pagar "
                "los edificios que tomas de él."
            ),
        },
        "checked_on": date(2026, 10, 6),
        "rules_scope": {
            "en": (
                "The turn in the standard multiplayer game: flipping, drafting, building and "
                "refilling. Setup and scoring are in the how-to-play guide; the solo AI "
                "opponent has its own procedures and is out of scope."
            ),
            "es": (
                "El turno de la partida multijugador normal: volteo, robo, construcción y "
                "reposición. La preparación y la puntuación están en la guía de cómo jugar; "
                "el oponente automático del modo en solitario tiene sus propios "
                "procedimientos y queda fuera."
            ),
        },
        "sources": [
            ("point-city-rulebook", (6, 8)),
        ],
        "versions": [
            {
                "published_on": date(2026, 10, 6),
                "summary": {"en": "First published version.", "es": "Primera versión publicada."},
                "body": {"en": _PC_DRAFT_BUILD_EN, "es": _PC_DRAFT_BUILD_ES},
            },
        ],
        "corrections": [],
    },
    {
        "game": "archaeology-the-new-expedition",
        "slug": {"en": "how-to-play", "es": "como-jugar"},
        "kind": "how_to_play",
        "title": {
            "en": "How to play Archaeology: The New Expedition",
            "es": "Cómo jugar a Archaeology: The New Expedition",
        },
        "intro": {
            "en": (
                "Set up the dig site, weather thieves and sandstorms, and sell your finds to "
                "the museum for the best total."
            ),
            "es": (
                "Monta el yacimiento, sobrevive a ladrones y tormentas de arena y vende tus "
                "hallazgos al museo para lograr el mejor total."
            ),
        },
        "checked_on": date(2026, 10, 12),
        "rules_scope": {
            "en": (
                "The standard game for 2–4 players as the rulebook describes it. Each "
                "Monument tile's own rules are only outlined, and the rulebook's optional "
                "variants are not covered."
            ),
            "es": (
                "La partida normal para 2 a 4 jugadores tal como la describe el reglamento. "
                "Las reglas propias de cada loseta de Monumento solo se esbozan, y las "
                "variantes opcionales del reglamento no se tratan."
            ),
        },
        "sources": [
            ("archaeology-rulebook", (3, 9)),
        ],
        "versions": [
            {
                "published_on": date(2026, 10, 12),
                "summary": {"en": "First published version.", "es": "Primera versión publicada."},
                "body": {"en": _ARCH_HOW_TO_PLAY_EN, "es": _ARCH_HOW_TO_PLAY_ES},
            },
        ],
        "corrections": [],
    },
]
