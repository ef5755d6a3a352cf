"""Record errors (``docs/records.md``, *Errors* and *Limits*) and bad card texts, English and Russian.

The English texts are the ones ``docs/records.md`` documents; keep them as they
are. JSON field names (``game``, ``deals``, ``actions`` …) stay as written in a
record, in both languages: a person has to find them in the file.
"""

from __future__ import annotations

from cardwidgets.i18n.tools import TOOLS

MESSAGES: dict[str, dict[str, str]] = {
    # ----- reading the file or text (core/records.py, core/limits.py) -----
    "record.not_a_source": {
        "en": "a record is a file path, JSON text or a dict, not {kind}",
        "ru": "запись — это путь к файлу, текст JSON или словарь, а не {kind}",
    },
    "record.too_large": {
        "en": "record too large: the limit is {limit} bytes",
        "ru": "запись слишком велика: не больше {limit} байт",
    },
    "record.cannot_read": {
        "en": "cannot read record: {reason}",
        "ru": "не удаётся прочитать запись: {reason}",
    },
    "record.tried_path": {
        "en": "{error} (the text is not JSON, so it was read as a file path)",
        "ru": "{error} (текст — не JSON, поэтому он прочитан как путь к файлу)",
    },
    "record.tried_json": {
        "en": "{error} (the text was read as JSON; no file has that name either)",
        "ru": "{error} (текст прочитан как JSON; файла с таким именем тоже нет)",
    },
    "record.bad_file_name": {
        "en": 'cannot read record: bad file name "{name}"',
        "ru": "не удаётся прочитать запись: неверное имя файла «{name}»",
    },
    "record.not_utf8": {
        "en": "not UTF-8 text: byte {byte} is 0x{code} (save the file as UTF-8)",
        "ru": "текст не в кодировке UTF-8: байт {byte} равен 0x{code} (сохраните файл в UTF-8)",
    },
    "record.bad_json": {
        "en": "not valid JSON: line {line} column {column}: {reason}",
        "ru": "неверный JSON: строка {line}, столбец {column}: {reason}",
    },
    "record.too_deep": {
        "en": "JSON nested too deeply: the limit is {limit} levels of objects and lists",
        "ru": "слишком глубокая вложенность JSON: не больше {limit} уровней объектов и списков",
    },
    "record.number_too_long": {
        "en": "a number is too long: the limit is {limit} digits",
        "ru": "слишком длинное число: не больше {limit} цифр",
    },
    "record.not_a_number": {
        "en": "not valid JSON: {name} is not a JSON number",
        "ru": "неверный JSON: {name} — не число",
    },
    "record.keys_not_strings": {
        "en": "a record's object keys must be strings",
        "ru": "ключи объектов записи должны быть строками",
    },
    # ----- the record's fields -----
    "record.not_an_object": {
        "en": "a record must be a JSON object",
        "ru": "запись должна быть объектом JSON",
    },
    "record.bad_game": {
        "en": "game: expected one of {games}, {given}",
        "ru": "game: ожидается одна из игр {games}, {given}",
    },
    "record.missing": {
        "en": "missing",
        "ru": "а поле не задано",
    },
    "record.given": {
        "en": 'not "{text}"',
        "ru": "а не «{text}»",
    },
    "record.expected_object": {
        "en": "{field}: expected an object",
        "ru": "{field}: ожидается объект",
    },
    "record.no_deals": {
        "en": "deals: a match record needs at least one deal",
        "ru": "deals: в записи партии должна быть хотя бы одна сдача",
    },
    "record.duplicate_key": {
        "en": "not valid as a record: the field \"{key}\" is given twice in one object",
        "ru": "запись неверна: поле «{key}» дважды встречается в одном объекте",
    },
    "record.bad_text": {
        "en": "not valid as a record: a text holds a lone surrogate ({code}), which is not a character",
        "ru": "запись неверна: в тексте одиночный суррогат ({code}), это не символ",
    },
    "record.deals_list": {
        "en": "deals: expected a list of deal records",
        "ru": "deals: ожидается список записей сдач",
    },
    "record.too_many_deals": {
        "en": "deals: {count} deals, the limit is {limit}",
        "ru": "deals: сдач {count}, а можно не больше {limit}",
    },
    "record.deal_not_object": {
        "en": "deal {n}: expected an object",
        "ru": "сдача {n}: ожидается объект",
    },
    "record.deal_not_of_match": {
        "en": "deal {n}: game and rules must be those of the match",
        "ru": "сдача {n}: game и rules должны быть те же, что у партии",
    },
    "record.in_deal": {
        "en": "deal {n}: {error}",
        "ru": "сдача {n}: {error}",
    },
    "record.dealer_missing": {
        "en": "dealer: missing (a seat number)",
        "ru": "dealer: не задан (номер игрока)",
    },
    "record.dealer_range": {
        "en": "dealer: expected a seat from 0 to {last}",
        "ru": "dealer: ожидается номер игрока от 0 до {last}",
    },
    "record.deal_or_seed": {
        "en": 'expected "deal" (the cards), "seed" (a shuffle) or both (a partial deal)',
        "ru": "нужно поле «deal» (карты), «seed» (тасовка) или оба (частичная сдача)",
    },
    "record.seed_int": {
        "en": "seed: expected a whole number",
        "ru": "seed: ожидается целое число",
    },
    "record.actions_list": {
        "en": "actions: expected a list of action strings",
        "ru": "actions: ожидается список строк-действий",
    },
    "record.too_many_actions": {
        "en": "actions: {count} actions, the limit is {limit} per deal",
        "ru": "actions: действий {count}, а в одной сдаче можно не больше {limit}",
    },
    "record.notes_object": {
        "en": "notes: expected an object keyed by action index",
        "ru": "notes: ожидается объект, ключи которого — номера действий",
    },
    "record.note_key": {
        "en": 'notes: "{key}" must be an action index (0, 1, 2 …) with a text, or texts by language '
              '{{"en": …, "ru": …}} (and "public": true or false beside them)',
        "ru": 'notes: «{key}» — должен быть номер действия (0, 1, 2 …) и текст или тексты по языкам '
              '{{"en": …, "ru": …}} (и рядом с ними "public": true или false)',
    },
    "record.note_past_end": {
        "en": 'notes: "{key}" is past the last action ({last})',
        "ru": "notes: «{key}» — дальше последнего действия ({last})",
    },
    "record.note_too_long": {
        "en": 'notes: note "{key}" is too long: the limit is {limit} characters',
        "ru": "notes: заметка «{key}» слишком длинная: не больше {limit} знаков",
    },
    "record.unknown_field": {
        "en": '{where}unknown field "{name}" (expected {allowed})',
        "ru": "{where}неизвестное поле «{name}» (ожидается одно из: {allowed})",
    },
    # ----- replaying -----
    "record.action": {
        "en": 'action {n} "{text}": {error}',
        "ru": "действие {n} «{text}»: {error}",
    },
    "record.match_already_over": {
        "en": "deal {n}: the match was already over after deal {last}",
        "ru": "сдача {n}: партия закончилась уже после сдачи {last}",
    },
    "record.deal_unfinished": {
        "en": "deal {n}: unfinished, but more deals follow",
        "ru": "сдача {n} не доиграна, а за ней идут другие сдачи",
    },
    "record.no_such_deal": {
        "en": "deal: expected 0 to {last} for this match, not {deal}",
        "ru": "сдача: в этой партии номера от 0 до {last}, а не {deal}",
    },
    # ----- a match (core/match.py) -----
    "record.match_over": {
        "en": "the match is over: no more deals",
        "ru": "партия окончена: сдач больше не будет",
    },
    "record.deal_not_finished": {
        "en": "the current deal is not finished yet",
        "ru": "текущая сдача ещё не доиграна",
    },
    "record.nothing_to_score": {
        "en": "no finished deal to score",
        "ru": "нет доигранной сдачи, которую можно засчитать",
    },
    # ----- rules, deals and start positions (core/game.py) -----
    "record.unknown_option": {
        "en": 'rules: unknown option "{name}" for {game} (known: {known})',
        "ru": "rules: у игры {game} нет правила «{name}» (есть: {known})",
    },
    "record.bad_option": {
        "en": "rules: {name} = {value} is not allowed (expected {expected})",
        "ru": "rules: {name} = {value} — так нельзя (ожидается {expected})",
    },
    "record.a_whole_number": {
        "en": "a whole number",
        "ru": "целое число",
    },
    "record.or": {
        "en": " or ",
        "ru": " или ",
    },
    "record.deal_not_object_parts": {
        "en": "deal: expected an object with {parts}",
        "ru": "deal: ожидается объект с полями {parts}",
    },
    "record.unknown_part": {
        "en": 'deal: unknown part "{name}" for {game}',
        "ru": "deal: у игры {game} нет части сдачи «{name}»",
    },
    "record.start_unknown_field": {
        "en": 'start: unknown field "{name}" for {game}',
        "ru": "start: у игры {game} нет поля «{name}»",
    },
    "record.start_scores": {
        "en": "start: scores must be {count} whole numbers",
        "ru": "start: scores — это {count} целых числа",
    },
    "record.one_card": {
        "en": "{where}: expected one card",
        "ru": "{where}: ожидается одна карта",
    },
    "record.lists_of_cards": {
        "en": "{where}: expected {lists} lists of {size} cards",
        "ru": "{where}: ожидается {lists} списка по {size} карт",
    },
    "record.cards": {
        "en": "{where}: expected {size} cards",
        "ru": "{where}: ожидается карт: {size}",
    },
    "record.unknown_needs_seed": {
        "en": '{where}: "?" (a card to deal) needs a "seed" beside the deal',
        "ru": "{where}: «?» (карта, которую раздать) требует поля «seed» рядом со сдачей",
    },
    "record.bad_card": {
        "en": "{where}: {error}",
        "ru": "{where}: {error}",
    },
    "record.card_not_in_deck": {
        "en": "deal: card {card} is not in this game's deck",
        "ru": "deal: карты {card} нет в колоде этой игры",
    },
    "record.card_twice": {
        "en": "deal: card {card} appears twice",
        "ru": "deal: карта {card} встречается дважды",
    },
    "record.card_missing": {
        "en": 'deal: card {card} is missing (give every card, or a "seed" to deal the rest)',
        "ru": "deal: нет карты {card} (задайте все карты или поле «seed», чтобы раздать остальные)",
    },
    # ----- deal links (core/links.py, docs/records.md, *Deal links*) -----
    "link.no_deal": {
        "en": "this address holds no deal: a deal link has #deal=… in it",
        "ru": "в этом адресе нет сдачи: это не ссылка на сдачу",
    },
    "link.too_long": {
        "en": "not a deal link: longer than {limit} characters",
        "ru": "это не ссылка на сдачу: она длиннее {limit} символов",
    },
    "link.version": {
        "en": 'this deal link is of another version ("{version}"); this cardwidgets reads version {expected}',
        "ru": "ссылка на сдачу другой версии («{version}»); здесь читаются ссылки версии {expected}",
    },
    "link.damaged": {
        "en": "this deal link is damaged (cut short or changed): copy the whole link again",
        "ru": "ссылка на сдачу повреждена (обрезана или изменена): скопируйте ссылку целиком ещё раз",
    },
    "link.too_large": {
        "en": "this deal link unpacks to more than {limit} bytes: not a deal",
        "ru": "ссылка на сдачу распаковывается больше чем в {limit} байт: это не сдача",
    },
    "link.bad_number": {
        "en": '{name} in a deal link must be a whole number from 0, not "{value}"',
        "ru": "{name} в ссылке на сдачу — целое число от 0, а не «{value}»",
    },
    "link.bad_record": {
        "en": "the deal in this link does not replay: {error}",
        "ru": "сдача из этой ссылки не воспроизводится: {error}",
    },
    # ----- each game's rules and start positions (games/*.py) -----
    # ----- bad card texts (cards.py: CardError) -----
    "cards.bad_rank": {
        "en": 'bad rank "{text}": expected one of 2 3 4 5 6 7 8 9 10 J Q K A',
        "ru": "неверное достоинство «{text}»: ожидается одно из 2 3 4 5 6 7 8 9 10 В Д К Т",
    },
    "cards.not_a_string": {
        "en": "bad card {text}: expected a string such as 10H",
        "ru": "неверная карта «{text}»: ожидается строка, например 10♥",
    },
    "cards.bad_card": {
        "en": 'bad card "{text}": expected rank 2-10/J/Q/K/A and suit S/H/D/C, e.g. 10H',
        "ru": "неверная карта «{text}»: ожидается достоинство 2–10, В, Д, К, Т и масть ♠ ♥ ♦ ♣, например Т♠ или 10♥",
    },
}

#: The reasons ``json`` gives, in Russian (``record.bad_json``); any other reads «ошибка разбора».
JSON_REASONS = {
    "Expecting value": "ожидается значение",
    "Expecting property name enclosed in double quotes": "ожидается имя поля в двойных кавычках",
    "Expecting ',' delimiter": "ожидается запятая",
    "Expecting ':' delimiter": "ожидается двоеточие",
    "Extra data": "после записи лишний текст",
    "Unterminated string starting at": "строка не закрыта кавычкой",
    "Invalid control character at": "недопустимый управляющий символ",
    "Invalid \\escape": "неверная escape-последовательность",
    "Invalid \\uXXXX escape": "неверная escape-последовательность",
}


def json_reason(reason: str) -> dict[str, str]:
    """Why ``json`` could not read a text, per locale."""
    return {"en": reason, "ru": JSON_REASONS.get(reason, "ошибка разбора")}


#: Why a file could not be opened (``record.cannot_read``), by ``errno`` name, in Russian.
OS_REASONS = {
    "ENOENT": "файл не найден",
    "EACCES": "нет прав на чтение",
    "EISDIR": "это папка, а не файл",
    "ENOTDIR": "в пути есть файл вместо папки",
    "ENAMETOOLONG": "слишком длинное имя файла",
}


def os_reason(code: str, english: str) -> dict[str, str]:
    """Why a file could not be read, per locale (``code``: the ``errno`` name)."""
    return {"en": english, "ru": OS_REASONS.get(code, "ошибка чтения файла")}


def grouped(number: int) -> dict[str, str]:
    """A large number with its thousands grouped: "2,000,000" / «2 000 000» (a no-break space)."""
    return {"en": f"{number:,}", "ru": f"{number:,}".replace(",", "\u00a0")}


def game_name(name: str) -> dict[str, str]:
    """A game named in an error: its code in English (its registered name), its Russian name in Russian."""
    return {"en": name, "ru": TOOLS["ru"].get(f"game_{name}", name)}
